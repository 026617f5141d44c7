import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import {
  eventRoutes,
  webhookEndpointCreate,
  webhookEventName,
  type BodyOf,
  type WebhookEndpoint,
} from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../AdminContext';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField } from '../forms/FormTextField';
import type { FieldIssue } from '../forms/issues';
import { useSchemaForm } from '../forms/useSchemaForm';
import { CopyButton } from '../layout/CopyButton';

interface WebhookFormValues {
  url: string;
  description: string;
  enabled_events: string;
}

/** Event types typed as `a.b, c.d` (commas or spaces); empty means every event. */
export function eventList(text: string): string[] {
  const names = text.split(/[\s,]+/).filter((s) => s !== '');
  return names.length > 0 ? names : ['*'];
}

/** Adds a webhook endpoint in the current mode, then shows its signing secret once, with copy. */
export function WebhookCreateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { livemode } = useAdmin();
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  const toPayload = (v: WebhookFormValues, issues: FieldIssue[]) => {
    const events = eventList(v.enabled_events);
    // One text field holds the list: a bad name is shown on that field, not on a list entry.
    if (events.some((e) => !webhookEventName.safeParse(e).success)) {
      issues.push({ path: 'enabled_events', key: 'invalid' });
    }
    return {
      url: v.url.trim(),
      description: v.description.trim() === '' ? null : v.description.trim(),
      enabled_events: events,
    };
  };
  const { form, submitWith } = useSchemaForm<WebhookFormValues, typeof webhookEndpointCreate>(
    webhookEndpointCreate,
    toPayload,
    { url: '', description: '', enabled_events: '*' },
  );
  const { createWebhookEndpoint } = eventRoutes;
  const create = useAdminMutation(['webhook-endpoints'], (body: BodyOf<typeof createWebhookEndpoint>) =>
    routeCall(createWebhookEndpoint, {}, body),
  );
  const submit = submitWith(create.mutateAsync, setCreated);
  if (created) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="webhook-secret-dialog">
        <DialogTitle>{t('payment.admin.webhooks.createdTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('payment.admin.webhooks.shownOnce')}
          </Alert>
          <Typography
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }}
            data-testid="webhook-secret"
          >
            {created.secret}
          </Typography>
          <CopyButton
            text={created.secret ?? ''}
            label={t('payment.admin.webhooks.copySecret')}
            variant="outlined"
            testId="webhook-copy"
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('payment.admin.webhooks.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      testId="webhook-dialog"
      title={t(livemode ? 'payment.admin.webhooks.createLive' : 'payment.admin.webhooks.createTest')}
      submitLabel={t('payment.admin.webhooks.create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={form.control}
        name="url"
        label={t('payment.admin.webhooks.url')}
        helperText={t(livemode ? 'payment.admin.webhooks.urlHintLive' : 'payment.admin.webhooks.urlHintTest')}
        required
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="enabled_events"
        label={t('payment.admin.webhooks.events')}
        helperText={t('payment.admin.webhooks.eventsHint')}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('payment.admin.webhooks.description')}
      />
    </FormDialog>
  );
}
