import { Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../forms/FormSwitch';
import { FieldRow } from '../forms/FieldRow';
import { choices } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import type { PriceFormValues } from './priceForm';
import { TierEditor } from './TierEditor';

/** How the price is computed: per unit (fixed or chosen by the customer) or tiered. */
export function PriceAmountFields({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<PriceFormValues>();
  const scheme = watch('billing_scheme');
  const custom = watch('custom');
  const oneTime = watch('type') === 'one_time';
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="billing_scheme"
        label={t('payment.admin.prices.scheme')}
        options={choices(['per_unit', 'tiered'], (v) => t(`payment.admin.prices.schemes.${v}`))}
      />
      {scheme === 'tiered' ? (
        <>
          <FormTextField
            control={control}
            name="tiers_mode"
            label={t('payment.admin.prices.tiersMode')}
            options={choices(['graduated', 'volume'], (v) => t(`payment.admin.prices.modes.${v}`))}
          />
          <TierEditor />
        </>
      ) : (
        <>
          <FormTextField
            control={control}
            name="unit_amount"
            label={t('payment.admin.prices.unitAmountIn', { symbol })}
            inputMode="decimal"
            helperText={custom ? t('payment.admin.prices.unitAmountCustomHint') : undefined}
          />
          {oneTime ? (
            <FormSwitch control={control} name="custom" label={t('payment.admin.prices.custom')} />
          ) : null}
          {oneTime && custom ? (
            <FieldRow label={t('payment.admin.prices.custom')}>
              <FormTextField
                control={control}
                name="custom_unit_amount.preset"
                label={t('payment.admin.prices.preset')}
              />
              <FormTextField
                control={control}
                name="custom_unit_amount.presets"
                label={t('payment.admin.prices.presets')}
                helperText={t('payment.admin.prices.presetsHint')}
              />
              <FormTextField
                control={control}
                name="custom_unit_amount.minimum"
                label={t('payment.admin.prices.minimum')}
              />
              <FormTextField
                control={control}
                name="custom_unit_amount.maximum"
                label={t('payment.admin.prices.maximum')}
              />
            </FieldRow>
          ) : null}
        </>
      )}
    </Stack>
  );
}
