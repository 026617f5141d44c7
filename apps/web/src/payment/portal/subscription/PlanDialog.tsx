import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { localizedProduct, type PlanOption, type SubscriptionDetail } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../admin/layout/formatDate';
import { money } from '../../checkout/logic/format';
import { planItems } from '../logic/subscriptionView';
import { fetchPlanOptions, previewPlan, type UpcomingInvoice } from './subscriptionApi';

interface PlanDialogProps {
  subscription: SubscriptionDetail;
  mountPoint: string;
  busy: boolean;
  onClose(): void;
  /** The chosen price, prorated as of the preview's date (so the amount billed is the one shown). */
  onConfirm(priceId: string, prorationDate: string | undefined): void;
}

/** "Team Pro" or "Team (Pro yearly)": the product in the reader's locale and the price's nickname. */
export function optionName(option: PlanOption, locale: string): string {
  const name = localizedProduct(
    { name: option.product_name, metadata: option.product_metadata },
    locale,
  ).name;
  return option.nickname ? `${name} (${option.nickname})` : name;
}

/**
 * Change plan (Stripe's portal "update plan"): the plans the server offers (the product's other prices
 * and those the merchant marked switchable), and for the chosen one what it bills now (amount due after
 * the credit balance, or the credit issued) and the renewal after it, before confirming.
 */
export function PlanDialog({ subscription: sub, mountPoint, busy, onClose, onConfirm }: PlanDialogProps) {
  const { t, i18n } = useTranslation();
  const quantity = sub.items[0]?.quantity ?? 1;
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useQuery({
    queryKey: ['payment', 'portal', 'plan-options', sub.id, sub.livemode],
    queryFn: ({ signal }) => fetchPlanOptions(mountPoint, sub.id, sub.livemode, signal),
  });
  const preview = useQuery({
    queryKey: ['payment', 'portal', 'plan-preview', sub.id, chosen, quantity],
    queryFn: ({ signal }) => previewPlan(mountPoint, sub.id, sub.livemode, chosen ?? '', quantity, signal),
    enabled: chosen !== null,
    staleTime: 0,
    retry: false,
  });
  const currency = sub.paymentCurrency;
  const amount = (units: string) => (currency ? money(BigInt(units), currency, i18n.language) : units);
  const period = planItems(sub, i18n.language)[0]?.period;
  const per = period
    ? t(`payment.checkout.recurring.${period.key}`, {
        count: period.count,
        interval: t(`payment.checkout.intervals.${period.interval}`),
      })
    : '';
  const list = options.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="plan-title" data-testid="plan-dialog" fullWidth>
      <DialogTitle id="plan-title">{t('payment.portalChange.plan.title')}</DialogTitle>
      <DialogContent>
        {options.isPending ? (
          <Typography role="status">{t('payment.portalPay.subscription.previewLoading')}</Typography>
        ) : null}
        {options.isError ? (
          <Alert severity="error">{t('payment.portalPay.subscription.notAvailable')}</Alert>
        ) : null}
        {options.isSuccess && list.length === 0 ? (
          <Alert severity="info" data-testid="plan-none">
            {t('payment.portalChange.plan.none')}
          </Alert>
        ) : null}
        {list.length > 0 ? (
          <FormControl sx={{ mt: 1 }}>
            <FormLabel id="plan-choose">{t('payment.portalChange.plan.choose')}</FormLabel>
            <RadioGroup
              aria-labelledby="plan-choose"
              value={chosen ?? ''}
              onChange={(e) => setChosen(e.target.value)}
            >
              {list.map((option) => (
                <FormControlLabel
                  key={option.price_id}
                  value={option.price_id}
                  control={<Radio />}
                  data-testid={`plan-option-${option.price_id}`}
                  label={t('payment.portalChange.plan.option', {
                    name: optionName(option, i18n.language),
                    amount: amount(option.unit_amount),
                    period: per,
                  })}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : null}
        <PreviewText
          invoice={chosen && preview.isSuccess ? preview.data : null}
          loading={chosen !== null && preview.isPending}
          amount={amount}
        />
        {preview.isError ? (
          <Alert severity="error" data-testid="plan-preview-error">
            {t('payment.portalChange.plan.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payment.portalPay.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !chosen || !preview.isSuccess}
          onClick={() => chosen && onConfirm(chosen, preview.data?.proration?.proration_date)}
          data-testid="plan-confirm"
        >
          {t('payment.portalChange.plan.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the change bills now (amount due after the balance, or the credit issued) and the renewal after it. */
function PreviewText({
  invoice,
  loading,
  amount,
}: {
  invoice: UpcomingInvoice | null;
  loading: boolean;
  amount(units: string): string;
}) {
  const { t, i18n } = useTranslation();
  const proration = invoice?.proration;
  const lines: string[] = [];
  if (proration?.invoice && BigInt(proration.invoice.amount_due) > 0n) {
    lines.push(t('payment.portalChange.plan.dueNow', { amount: amount(proration.invoice.amount_due) }));
    if (BigInt(proration.invoice.applied_balance) > 0n) {
      lines.push(
        t('payment.portalChange.plan.creditApplied', { amount: amount(proration.invoice.applied_balance) }),
      );
    }
    if (proration.pending) lines.push(t('payment.portalChange.plan.payAfter'));
  } else if (proration && BigInt(proration.credit) > 0n) {
    lines.push(t('payment.portalChange.plan.credit', { amount: amount(proration.credit) }));
  } else if (proration) {
    lines.push(t('payment.portalChange.plan.nothingDue'));
  }
  return (
    <>
      <Typography sx={{ mt: 2 }} role="status" data-testid="plan-preview">
        {loading ? t('payment.portalPay.subscription.previewLoading') : lines.join(' ')}
      </Typography>
      {invoice ? (
        <Typography variant="body2" color="text.secondary" data-testid="plan-renewal">
          {t('payment.portalChange.plan.renewal', {
            amount: amount(invoice.amount_due),
            date: formatDate(invoice.period_start, i18n.language),
          })}
        </Typography>
      ) : null}
    </>
  );
}
