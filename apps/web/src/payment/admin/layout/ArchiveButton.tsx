import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAdminMutation } from '../api/hooks';

const anyObject = z.object({ id: z.string() });

/** Archives one object (`PUT /{resource}/{id}/archive`) after a confirmation. */
export function ArchiveButton(props: {
  resource: string;
  id: string;
  name: string;
  also?: readonly string[];
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const archive = useAdminMutation([props.resource, ...(props.also ?? [])], anyObject, () => ({
    method: 'PUT',
    path: `/${props.resource}/${encodeURIComponent(props.id)}/archive`,
  }));
  const confirm = () =>
    archive.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(t('payment.admin.common.archivedDone', { name: props.name }), { variant: 'success' });
        setOpen(false);
      },
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)} data-testid="archive-button">
        {t('payment.admin.common.archive')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{t('payment.admin.common.archiveTitle', { name: props.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('payment.admin.common.archiveText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('payment.admin.common.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={confirm}
            disabled={archive.isPending}
            data-testid="archive-confirm"
          >
            {t('payment.admin.common.archive')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
