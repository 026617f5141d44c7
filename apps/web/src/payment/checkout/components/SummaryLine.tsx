import { Box, Button, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { localizedProduct, type PaymentCurrency } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { money, recurringKey } from '../logic/format';
import { amountRange, laterCharge, recurringOf, upsellSaving, type ApiLine } from '../logic/lines';
import { isAdjustable, quantityChip } from '../logic/quantity';
import type { SessionChanges } from '../useSessionChanges';
import { CustomAmountField } from './CustomAmountField';
import { QuantityStepper } from './QuantityStepper';

interface SummaryLineProps {
  line: ApiLine;
  amount: bigint | null;
  currency: PaymentCurrency;
  locale: string;
  changes: SessionChanges;
  disabled: boolean;
  onAmountValidity(valid: boolean): void;
}

/** One line of the order summary: name, amount, quantity, upsell switch, custom amount, cross-sell removal. */
export function SummaryLine({
  line,
  amount,
  currency,
  locale,
  changes,
  disabled,
  onAmountValidity,
}: SummaryLineProps) {
  const { t } = useTranslation();
  const price = line.upsell_price ?? line.price;
  const recurring = recurringOf(price);
  const period = recurring ? recurringKey(recurring) : null;
  const chip = quantityChip(line);
  const saving = upsellSaving(line, currency.id);
  const canUpsell = Boolean(line.price?.upsell?.upsells_to_id) || Boolean(line.upsell_price);
  const custom = Boolean(price?.custom_unit_amount) || line.custom_amount !== null;
  const periodText = period
    ? t(`payment.checkout.recurring.${period.key}`, {
        count: period.count,
        interval: t(`payment.checkout.intervals.${period.interval}`),
      })
    : null;
  // After a trial (or for usage billing) the customer sees what will be charged, not only today's 0.
  const later = laterCharge(line, currency.id);
  const laterText =
    later?.kind === 'metered'
      ? t('payment.checkout.laterMetered', { amount: money(later.unitAmount, currency, locale) })
      : later?.kind === 'regular' && later.amount !== amount && periodText
        ? t('payment.checkout.laterRegular', {
            amount: money(later.amount, currency, locale),
            period: periodText,
          })
        : null;
  return (
    <Box data-testid="summary-line" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {price?.product
              ? localizedProduct(price.product, locale).name
              : (price?.nickname ?? line.price_id)}
          </Typography>
          {periodText ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {periodText}
            </Typography>
          ) : null}
          {laterText ? (
            <Typography variant="body2" data-testid="line-later" sx={{ color: 'text.secondary' }}>
              {laterText}
            </Typography>
          ) : null}
          {!isAdjustable(line) && line.quantity > 1 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('payment.checkout.quantity')}: {line.quantity}
            </Typography>
          ) : null}
        </Box>
        <Typography data-testid="line-amount" sx={{ whiteSpace: 'nowrap' }}>
          {amount === null ? t('payment.checkout.notConfigured') : money(amount, currency, locale)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {isAdjustable(line) ? (
          <QuantityStepper line={line} disabled={disabled} onChange={(q) => changes.setQuantity(line, q)} />
        ) : null}
        {chip ? (
          <Chip
            size="small"
            color="error"
            label={t(`payment.checkout.${chip}`)}
            data-testid="quantity-chip"
          />
        ) : null}
        {line.cross_sell ? (
          <Button size="small" disabled={disabled} onClick={changes.removeCrossSell}>
            {t('payment.checkout.crossSellRemove')}
          </Button>
        ) : null}
      </Stack>
      {canUpsell ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={Boolean(line.upsell_price)}
              disabled={disabled}
              onChange={(e) => changes.toggleUpsell(line, e.target.checked)}
              slotProps={{ input: { 'aria-label': t('payment.checkout.upsellOffer') } }}
            />
          }
          label={
            <span>
              {t('payment.checkout.upsellOffer')}
              {saving > 0 ? (
                <Chip
                  size="small"
                  color="success"
                  sx={{ ml: 1 }}
                  label={t('payment.checkout.upsellSaving', { percent: saving })}
                />
              ) : null}
            </span>
          }
        />
      ) : null}
      {custom ? (
        <Box sx={{ mt: 1 }}>
          <CustomAmountField
            // A new accepted amount (or currency) restarts the field from what the summary shows.
            key={`${currency.id}:${String(amount)}`}
            units={amount}
            currency={currency}
            range={amountRange(line, currency.id)}
            locale={locale}
            disabled={disabled}
            onChange={(units) => changes.setAmount(line, units)}
            onValidity={onAmountValidity}
          />
        </Box>
      ) : null}
    </Box>
  );
}
