import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldRow } from '../forms/FieldRow';
import { currencyChoice } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import type { PriceFormValues } from './priceForm';

/** Amounts of the same price in other currencies (currency_options). */
export function CurrencyOptionsEditor({ currencies }: { currencies: readonly PaymentCurrency[] }) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<PriceFormValues>();
  const main = watch('currency_id');
  const options = useFieldArray({ control, name: 'currency_options' });
  const choices = currencies.filter((c) => c.id !== main).map(currencyChoice);
  return (
    <Stack spacing={1} role="group" aria-label={t('payment.admin.prices.currencyOptions')}>
      <Typography variant="subtitle2">{t('payment.admin.prices.currencyOptions')}</Typography>
      {options.fields.map((field, i) => (
        <FieldRow key={field.id}>
          <FormTextField
            control={control}
            name={`currency_options.${i}.currency_id`}
            label={t('payment.admin.prices.currency')}
            options={choices}
          />
          <FormTextField
            control={control}
            name={`currency_options.${i}.unit_amount`}
            label={t('payment.admin.prices.unitAmount')}
            inputMode="decimal"
          />
          <IconButton
            aria-label={t('payment.admin.prices.removeOption', { n: i + 1 })}
            onClick={() => options.remove(i)}
          >
            <DeleteOutlined />
          </IconButton>
        </FieldRow>
      ))}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => options.append({ currency_id: choices[0]?.value ?? '', unit_amount: '' })}
        disabled={choices.length === 0 || options.fields.length >= 20}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.prices.addOption')}
      </Button>
    </Stack>
  );
}
