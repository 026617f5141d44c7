import { Button } from '@mui/material';
import { eventRoutes, type WebhookEndpoint } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { ConfirmButton } from '../layout/ConfirmButton';

/** Enables or disables an endpoint: a disabled one gets nothing, pending retries included. */
export function WebhookToggleButton({ item }: { item: WebhookEndpoint }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const next = item.status === 'enabled' ? 'disabled' : 'enabled';
  const { updateWebhookEndpoint } = eventRoutes;
  const toggle = useAdminMutation(['webhook-endpoints'], () =>
    routeCall(updateWebhookEndpoint, { id: item.id }, { status: next }),
  );
  const click = () =>
    toggle.mutate(undefined, {
      onSuccess: () =>
        enqueueSnackbar(
          t(
            next === 'enabled' ? 'payment.admin.webhooks.enabledDone' : 'payment.admin.webhooks.disabledDone',
          ),
          {
            variant: 'success',
          },
        ),
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  return (
    <Button size="small" onClick={click} disabled={toggle.isPending} data-testid="webhook-toggle">
      {t(next === 'enabled' ? 'payment.admin.webhooks.enable' : 'payment.admin.webhooks.disable')}
    </Button>
  );
}

/** Deletes an endpoint after a confirmation. */
export function WebhookDeleteButton({ item }: { item: WebhookEndpoint }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={t('payment.admin.webhooks.delete')}
      color="error"
      title={t('payment.admin.webhooks.deleteTitle', { url: item.url })}
      text={t('payment.admin.webhooks.deleteText')}
      done={t('payment.admin.webhooks.deleted')}
      call={routeCall(eventRoutes.deleteWebhookEndpoint, { id: item.id })}
      resources={['webhook-endpoints']}
      testId="webhook-delete"
      confirmTestId="webhook-delete-confirm"
    />
  );
}
