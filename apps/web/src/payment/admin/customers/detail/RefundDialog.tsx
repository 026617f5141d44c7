import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  refundReason,
  type PaymentCurrency,
  type PaymentIntent,
  type RefundReason,
  adminViewRoutes,
  type BodyOf,
} from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/hooks';
import { routeCall } from '../../api/routeCall';
import { moneyText } from '../../prices/priceText';
import { refundUnits } from './refundAmount';

interface RefundDialogProps {
  payment: PaymentIntent;
  currency: PaymentCurrency | undefined;
  /** What is left to refund, in smallest units. */
  refundable: bigint;
}

/** Refund button of a payment: a dialog for the amount (empty = the whole rest) and the reason. */
export function RefundButton({ payment, currency, refundable }: RefundDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason>('requested_by_admin');
  const create = useAdminMutation(['refunds'], (body: BodyOf<typeof adminViewRoutes.createRefund>) =>
    routeCall(adminViewRoutes.createRefund, {}, body),
  );
  const max = moneyText(refundable.toString(), currency);
  const units = refundUnits(amount, currency?.decimal ?? 0, refundable);
  const submit = () => {
    if (!units) return;
    create.mutate(
      { payment_intent_id: payment.id, reason, ...units },
      {
        onSuccess: () => {
          enqueueSnackbar(t('payment.admin.insights.customer.refundDone'), { variant: 'success' });
          setOpen(false);
          setAmount('');
        },
        onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        disabled={refundable <= 0n}
        data-testid={`refund-${payment.id}`}
      >
        {t('payment.admin.insights.customer.refund')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('payment.admin.insights.customer.refundTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('payment.admin.insights.customer.refundAmount', { symbol: currency?.symbol ?? '' })}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="decimal"
              error={amount !== '' && !units}
              helperText={
                amount !== '' && !units
                  ? t('payment.admin.insights.customer.refundInvalid', { max })
                  : t('payment.admin.insights.customer.refundAmountHelp', { max })
              }
              slotProps={{ htmlInput: { 'data-testid': 'refund-amount' } }}
            />
            <TextField
              select
              label={t('payment.admin.insights.customer.refundReason')}
              value={reason}
              onChange={(e) => setReason(refundReason.parse(e.target.value))}
              data-testid="refund-reason"
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
            disabled={!units || create.isPending}
            data-testid="refund-submit"
          >
            {t('payment.admin.insights.customer.refundSubmit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
