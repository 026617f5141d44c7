import { Stack, Typography } from '@mui/material';
import type { PaymentCurrency, Price } from '@payshelf/api';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../forms/FormSwitch';
import { FieldRow } from '../forms/FieldRow';
import { choices, currencyChoice } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import { CREDIT_UNITS, type PriceFormValues } from './priceForm';
import { priceAmountText } from './priceText';

/** Credit currencies first: they are the usual choice for granted credit. */
function creditFirst(currencies: readonly PaymentCurrency[]): PaymentCurrency[] {
  return [...currencies].sort((a, b) => Number(b.type === 'credit') - Number(a.type === 'credit'));
}

/** Upsell target, stock and per-checkout limit, and the credit a purchase grants. */
export function PriceExtrasFields(props: {
  prices: readonly Price[];
  currencies: readonly PaymentCurrency[];
}) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<PriceFormValues>();
  const credit = watch('credit');
  const symbolOf = (id: string) => props.currencies.find((c) => c.id === id);
  const upsellChoices = [
    { value: '', label: t('payment.admin.prices.noUpsell') },
    ...props.prices
      .filter((p) => p.active)
      .map((p) => ({
        value: p.id,
        label: `${p.nickname ?? p.id} · ${priceAmountText(p, symbolOf(p.currency_id))}`,
      })),
  ];
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="upsell.upsells_to_id"
        label={t('payment.admin.prices.upsell')}
        options={upsellChoices}
      />
      <FieldRow>
        <FormTextField
          control={control}
          name="quantity_available"
          label={t('payment.admin.prices.quantityAvailable')}
          helperText={t('payment.admin.prices.zeroUnlimited')}
          inputMode="numeric"
        />
        <FormTextField
          control={control}
          name="quantity_limit_per_checkout"
          label={t('payment.admin.prices.limitPerCheckout')}
          helperText={t('payment.admin.prices.zeroUnlimited')}
          inputMode="numeric"
        />
      </FieldRow>
      <FormSwitch control={control} name="credit" label={t('payment.admin.prices.credit')} />
      {credit ? (
        <Stack spacing={1} role="group" aria-label={t('payment.admin.prices.credit')}>
          <Typography variant="caption" color="text.secondary">
            {t('payment.admin.prices.creditHint')}
          </Typography>
          <FieldRow>
            <FormTextField
              control={control}
              name="metadata.credit_config.credit_amount"
              label={t('payment.admin.prices.creditAmount')}
            />
            <FormTextField
              control={control}
              name="metadata.credit_config.currency_id"
              label={t('payment.admin.prices.creditCurrency')}
              options={creditFirst(props.currencies).map(currencyChoice)}
            />
          </FieldRow>
          <FieldRow>
            <FormTextField
              control={control}
              name="metadata.credit_config.valid_duration_value"
              label={t('payment.admin.prices.validFor')}
              inputMode="numeric"
            />
            <FormTextField
              control={control}
              name="metadata.credit_config.valid_duration_unit"
              label={t('payment.admin.prices.validUnit')}
              options={[
                { value: '', label: t('payment.admin.prices.forever') },
                ...choices(CREDIT_UNITS, (u) => t(`payment.admin.prices.units.${u}`)),
              ]}
            />
          </FieldRow>
        </Stack>
      ) : null}
    </Stack>
  );
}
