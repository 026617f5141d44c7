import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatError } from '../../checkout/logic/errorText';
import { OverduePayList } from './OverduePayList';
import type { OverdueOwner } from './payApi';
import { useOverdue } from './useOverdue';

interface OverdueDialogProps {
  open: boolean;
  /** Whose overdue invoices (SPEC §5: a subscriptionId or a customerId is required). */
  owner: OverdueOwner | null;
  mountPoint: string;
  livemode: boolean;
  onClose(): void;
  /** Every overdue invoice is paid: the dialog closes and the caller goes on (retries its submit). */
  onPaid(): void;
  /** Where View now leads (default: the past-due invoices page). */
  viewHref?: string;
}

/** SPEC §2 "Overdue invoices dialog": the per-currency list; closes itself once nothing remains. */
export function OverdueDialog({
  open,
  owner,
  mountPoint,
  livemode,
  onClose,
  onPaid,
  viewHref,
}: OverdueDialogProps) {
  const { t } = useTranslation();
  const query = useOverdue(mountPoint, livemode, open ? owner : null);
  const { refetch } = query;
  const refresh = useCallback(
    async (currencyId: string) => {
      const answer = await refetch();
      return Boolean(answer.data?.summary[currencyId]);
    },
    [refetch],
  );
  const done = useCallback(() => {
    onClose();
    onPaid();
  }, [onClose, onPaid]);
  let body;
  if (!owner) body = <Alert severity="error">{t('payment.portalPay.overdue.needOwner')}</Alert>;
  else if (query.isError) body = <Alert severity="error">{formatError(query.error)}</Alert>;
  else if (!query.data) body = <CircularProgress aria-label={t('payment.portal.loading')} />;
  else {
    body = (
      <>
        <DialogContentText id="overdue-dialog-description" sx={{ mb: 2 }}>
          {t('payment.portalPay.overdue.description', { count: query.data.invoices.length })}
        </DialogContentText>
        <OverduePayList
          data={query.data}
          owner={owner}
          mountPoint={mountPoint}
          livemode={livemode}
          refresh={refresh}
          onAllPaid={done}
          viewHref={viewHref}
        />
      </>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="overdue-dialog-title"
      data-testid="overdue-dialog"
    >
      <DialogTitle id="overdue-dialog-title">{t('payment.portalPay.overdue.title')}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payment.portalPay.overdue.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
