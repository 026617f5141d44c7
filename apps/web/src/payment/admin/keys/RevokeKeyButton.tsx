import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { apiKey, type ApiKey } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';

/** Revokes a secret key after a confirmation; calls with it fail from then on. */
export function RevokeKeyButton({ item }: { item: ApiKey }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const revoke = useAdminMutation(['api-keys'], apiKey, () => ({
    method: 'DELETE',
    path: `/api-keys/${item.id}`,
  }));
  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(t('payment.admin.keys.revoked', { name: item.name }), { variant: 'success' });
        setOpen(false);
      },
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {t('payment.admin.keys.revoke')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{t('payment.admin.keys.revokeTitle', { name: item.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('payment.admin.keys.revokeText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('payment.admin.common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={revoke.isPending}>
            {t('payment.admin.keys.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
