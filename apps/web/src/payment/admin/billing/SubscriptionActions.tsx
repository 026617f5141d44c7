import { Button, Stack } from '@mui/material';
import { billingWriteRoutes as writes, type Subscription } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { ConfirmButton } from '../layout/ConfirmButton';
import { subscriptionActions } from './billingView';
import { CancelDialog } from './CancelDialog';
import { RefundLastPayment } from './RefundLastPayment';

const RESOURCES = ['subscriptions', 'invoices'] as const;

/** The actions a subscription's state allows: cancel, resume, pause/unpause, recover; refund last payment. */
export function SubscriptionActions({ sub }: { sub: Subscription }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [cancelling, setCancelling] = useState(false);
  const id = { id: sub.id };
  const simple = useAdminMutation(RESOURCES, (verb: 'resume' | 'unpause') =>
    routeCall(verb === 'resume' ? writes.resumeSubscription : writes.unpauseSubscription, id, {}),
  );
  const run = (verb: 'resume' | 'unpause') =>
    simple.mutate(verb, {
      onSuccess: () =>
        enqueueSnackbar(
          t(`payment.admin.billing.subscriptions.${verb === 'resume' ? 'resumed' : 'unpaused'}`),
          {
            variant: 'success',
          },
        ),
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  const actions = subscriptionActions(sub);
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
      data-testid="subscription-actions"
    >
      {actions.includes('resume') ? (
        <Button size="small" variant="outlined" onClick={() => run('resume')} disabled={simple.isPending}>
          {t('payment.admin.billing.subscriptions.resume')}
        </Button>
      ) : null}
      {actions.includes('unpause') ? (
        <Button size="small" variant="outlined" onClick={() => run('unpause')} disabled={simple.isPending}>
          {t('payment.admin.billing.subscriptions.unpause')}
        </Button>
      ) : null}
      {actions.includes('pause') ? (
        <ConfirmButton
          label={t('payment.admin.billing.subscriptions.pause')}
          color="warning"
          title={t('payment.admin.billing.subscriptions.pauseTitle')}
          text={t('payment.admin.billing.subscriptions.pauseText')}
          done={t('payment.admin.billing.subscriptions.paused')}
          call={routeCall(writes.pauseSubscription, id, {})}
          resources={RESOURCES}
          testId="subscription-pause"
        />
      ) : null}
      {actions.includes('recover') ? (
        <ConfirmButton
          label={t('payment.admin.billing.subscriptions.recover')}
          color="warning"
          title={t('payment.admin.billing.subscriptions.recoverTitle')}
          text={t('payment.admin.billing.subscriptions.recoverText')}
          done={t('payment.admin.billing.subscriptions.recovered')}
          call={routeCall(writes.recoverSubscription, id, {})}
          resources={RESOURCES}
          testId="subscription-recover"
        />
      ) : null}
      {actions.includes('cancel') ? (
        <Button
          size="small"
          color="error"
          onClick={() => setCancelling(true)}
          data-testid="subscription-cancel"
        >
          {t('payment.admin.billing.subscriptions.cancel')}
        </Button>
      ) : null}
      <RefundLastPayment subscriptionId={sub.id} />
      {cancelling ? (
        <CancelDialog id={sub.id} trialing={sub.status === 'trialing'} onClose={() => setCancelling(false)} />
      ) : null}
    </Stack>
  );
}
