import { CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown while the overdue dialog's code and strings load (they come with the portal's bundle). */
export function LoadingOverdue({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="overdue-loading-title" data-testid="overdue-loading">
      <DialogTitle id="overdue-loading-title">{t('payment.checkout.pastDue.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('payment.checkout.pastDue.loading')} />
      </DialogContent>
    </Dialog>
  );
}
