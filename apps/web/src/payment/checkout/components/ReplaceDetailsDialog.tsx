import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface ReplaceDetailsDialogProps {
  open: boolean;
  /** Pay, overwriting the saved details with the form's. */
  onReplace(): void;
  /** Pay, keeping the saved details. */
  onKeep(): void;
  /** Neither: back to the form. */
  onClose(): void;
}

/** Asks before a payment overwrites the name, email, phone or address the signed-in account saved. */
export function ReplaceDetailsDialog({ open, onReplace, onKeep, onClose }: ReplaceDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-testid="replace-details-dialog">
      <DialogTitle>{t('payment.checkout.replaceDetails.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('payment.checkout.replaceDetails.description')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} data-testid="replace-details-keep">
          {t('payment.checkout.replaceDetails.keep')}
        </Button>
        <Button variant="contained" onClick={onReplace} data-testid="replace-details-replace">
          {t('payment.checkout.replaceDetails.replace')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
