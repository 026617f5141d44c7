import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import type { SubscriptionDetail } from '@payshelf/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../admin/layout/formatDate';
import { money } from '../../checkout/logic/format';
import { previewQuantity, type UpcomingInvoice } from './subscriptionApi';

interface QuantityDialogProps {
  open: boolean;
  subscription: SubscriptionDetail;
  mountPoint: string;
  busy: boolean;
  onClose(): void;
  /** The new quantity, prorated as of the preview's date (so the amount billed is the one shown). */
  onConfirm(quantity: number, prorationDate: string | undefined): void;
}

type Preview =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; invoice: UpcomingInvoice } | { kind: 'error' };

/**
 * Change quantity: what the change bills now (the prorated amount of the upcoming-invoice preview) and
 * the renewal after it are shown before confirming.
 */
export function QuantityDialog({
  open,
  subscription: sub,
  mountPoint,
  busy,
  onClose,
  onConfirm,
}: QuantityDialogProps) {
  const { t, i18n } = useTranslation();
  const current = sub.items[0]?.quantity ?? 1;
  const [quantity, setQuantity] = useState(current);
  const [preview, setPreview] = useState<Preview>({ kind: 'loading' });
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      previewQuantity(mountPoint, sub.id, sub.livemode, quantity).then(
        (invoice) => live && setPreview(invoice ? { kind: 'ready', invoice } : { kind: 'missing' }),
        () => live && setPreview({ kind: 'error' }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, mountPoint, sub.id, sub.livemode, quantity]);
  const currency = sub.paymentCurrency;
  /** What the change bills now (the prorated invoice, or a credit), never the renewal's amount. */
  const previewText = (invoice: UpcomingInvoice) => {
    const proration = invoice.proration;
    const amount = (units: string) => (currency ? money(BigInt(units), currency, i18n.language) : units);
    if (proration?.invoice && BigInt(proration.invoice.amount_due) > 0n) {
      const due = t('payment.portalChange.quantity.dueNow', { amount: amount(proration.invoice.amount_due) });
      return proration.pending ? `${due} ${t('payment.portalChange.quantity.payAfter')}` : due;
    }
    if (proration && BigInt(proration.credit) > 0n)
      return t('payment.portalChange.quantity.credit', { amount: amount(proration.credit) });
    return t('payment.portalChange.quantity.nothingDue');
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="quantity-title" data-testid="quantity-dialog">
      <DialogTitle id="quantity-title">{t('payment.portalPay.subscription.changeQuantity')}</DialogTitle>
      <DialogContent>
        <TextField
          type="number"
          label={t('payment.portalPay.subscription.quantity')}
          value={quantity}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            if (!Number.isInteger(n) || n < 1 || n > 999) return;
            setQuantity(n);
            setPreview({ kind: 'loading' });
          }}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { min: 1, max: 999, 'data-testid': 'quantity-input' } }}
        />
        <Typography sx={{ mt: 2 }} role="status" data-testid="quantity-preview">
          {preview.kind === 'loading' ? t('payment.portalPay.subscription.previewLoading') : null}
          {preview.kind === 'ready' && currency ? previewText(preview.invoice) : null}
        </Typography>
        {preview.kind === 'ready' && currency ? (
          <Typography variant="body2" color="text.secondary" data-testid="quantity-renewal">
            {t('payment.portalChange.quantity.renewal', {
              amount: money(BigInt(preview.invoice.total), currency, i18n.language),
              date: formatDate(preview.invoice.period_start, i18n.language),
            })}
          </Typography>
        ) : null}
        {preview.kind === 'missing' ? (
          <Alert severity="info" data-testid="plan-updates-unavailable">
            {t('payment.portalPay.subscription.notAvailable')}
          </Alert>
        ) : null}
        {preview.kind === 'error' ? (
          <Alert severity="error">{t('payment.portalPay.subscription.upgradeFailed')}</Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payment.portalPay.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || preview.kind !== 'ready' || quantity === current}
          onClick={() =>
            onConfirm(
              quantity,
              preview.kind === 'ready' ? preview.invoice.proration?.proration_date : undefined,
            )
          }
          data-testid="quantity-confirm"
        >
          {t('payment.portalPay.subscription.confirmChange')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
