import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { apiKeyCreate, instanceRoutes, type ApiKey, type BodyOf } from '@payshelf/api';
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

interface KeyFormValues {
  name: string;
}

/** Creates a secret key in the current mode, then shows its secret once, with copy. */
export function KeyCreateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { livemode } = useAdmin();
  const [created, setCreated] = useState<ApiKey | null>(null);
  const toPayload = (v: KeyFormValues, _issues: FieldIssue[]) => ({ name: v.name.trim(), livemode });
  const { form, submitWith } = useSchemaForm<KeyFormValues, typeof apiKeyCreate>(apiKeyCreate, toPayload, {
    name: '',
  });
  const { createApiKey } = instanceRoutes;
  const create = useAdminMutation(['api-keys'], (body: BodyOf<typeof createApiKey>) =>
    routeCall(createApiKey, {}, body),
  );
  const submit = submitWith(create.mutateAsync, setCreated);
  if (created) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="key-secret-dialog">
        <DialogTitle>{t('payment.admin.keys.createdTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('payment.admin.keys.shownOnce')}
          </Alert>
          <Typography
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }}
            data-testid="key-secret"
          >
            {created.secret}
          </Typography>
          <CopyButton
            text={created.secret ?? ''}
            label={t('payment.admin.keys.copySecret')}
            variant="outlined"
            testId="key-copy"
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('payment.admin.keys.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      testId="key-dialog"
      title={t(livemode ? 'payment.admin.keys.createLive' : 'payment.admin.keys.createTest')}
      submitLabel={t('payment.admin.keys.create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={form.control}
        name="name"
        label={t('payment.admin.keys.name')}
        required
        autoFocus
      />
    </FormDialog>
  );
}
