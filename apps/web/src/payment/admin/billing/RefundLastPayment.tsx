import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { refundReason, type RefundReason, adminViewRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';

const RESOURCES = ['refunds', 'payment-intents', 'subscriptions', 'invoices'] as const;

/**
 * "Refund last payment" of a subscription: confirmed in a dialog with a refund reason, then the
 * server refunds all that is left of the subscription's latest succeeded payment to its payer.
 */
export function RefundLastPayment({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<RefundReason>('requested_by_admin');
  const create = useAdminMutation(RESOURCES, (body: { reason: RefundReason }) =>
    routeCall(adminViewRoutes.refundLastPayment, { id: subscriptionId }, body),
  );
  const submit = () =>
    create.mutate(
      { reason },
      {
        onSuccess: () => {
          enqueueSnackbar(t('payment.admin.refundLast.done'), { variant: 'success' });
          setOpen(false);
        },
        onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
      },
    );
  return (
    <>
      <Button
        size="small"
        color="warning"
        onClick={() => setOpen(true)}
        data-testid={`refund-last-${subscriptionId}`}
      >
        {t('payment.admin.refundLast.label')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t('payment.admin.refundLast.title', { id: subscriptionId })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={textId}>{t('payment.admin.refundLast.text')}</DialogContentText>
            <TextField
              select
              label={t('payment.admin.refundLast.reason')}
              value={reason}
              onChange={(e) => setReason(refundReason.parse(e.target.value))}
              data-testid="refund-last-reason"
            >
              {refundReason.options.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`payment.admin.insights.customer.reasons.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('payment.admin.common.cancel')}</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={submit}
            disabled={create.isPending}
            data-testid="refund-last-confirm"
          >
            {t('payment.admin.refundLast.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
