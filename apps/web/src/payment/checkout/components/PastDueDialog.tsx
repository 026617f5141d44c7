import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { pastDuePath } from '../../portal/logic/pastDue';

interface PastDueDialogProps {
  open: boolean;
  mountPoint: string;
  onCancel(): void;
}

/**
 * SPEC §8 "Past-due customer": the submit answered CUSTOMER_LIMITED. Offers the past-due invoices
 * page, whose Back button returns to this checkout; Cancel gives the form back.
 */
export function PastDueDialog({ open, mountPoint, onCancel }: PastDueDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = pastDuePath(mountPoint, `${location.pathname}${location.search}`);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      data-testid="past-due-dialog"
      aria-labelledby="past-due-dialog-title"
      aria-describedby="past-due-dialog-description"
    >
      <DialogTitle id="past-due-dialog-title">{t('payment.checkout.pastDue.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="past-due-dialog-description">
          {t('payment.checkout.pastDue.description')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('payment.checkout.pastDue.cancel')}</Button>
        <Button variant="contained" component={RouterLink} to={href} data-testid="past-due-view">
          {t('payment.checkout.pastDue.view')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
