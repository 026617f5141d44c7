import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Alert, Button, IconButton, Stack, Typography } from '@mui/material';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../forms/FormTextField';
import type { PriceFormValues } from './priceForm';

/** The tiers of a tiered price: each row up to a quantity (empty: and above), unit and flat amount. */
export function TierEditor() {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<PriceFormValues>();
  const tiers = useFieldArray({ control, name: 'tiers' });
  const listError = formState.errors.tiers?.message ?? formState.errors.tiers?.root?.message;
  return (
    <Stack spacing={1} data-testid="tier-editor" role="group" aria-label={t('payment.admin.prices.tiers')}>
      <Typography variant="subtitle2">{t('payment.admin.prices.tiers')}</Typography>
      {listError ? <Alert severity="error">{listError}</Alert> : null}
      {tiers.fields.map((field, i) => (
        <Stack
          key={field.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <FormTextField
            control={control}
            name={`tiers.${i}.up_to`}
            label={t('payment.admin.prices.upTo')}
            placeholder="∞"
            inputMode="numeric"
          />
          <FormTextField
            control={control}
            name={`tiers.${i}.unit_amount`}
            label={t('payment.admin.prices.tierUnit')}
            inputMode="decimal"
          />
          <FormTextField
            control={control}
            name={`tiers.${i}.flat_amount`}
            label={t('payment.admin.prices.tierFlat')}
            inputMode="decimal"
          />
          <IconButton
            aria-label={t('payment.admin.prices.removeTier', { n: i + 1 })}
            onClick={() => tiers.remove(i)}
            disabled={tiers.fields.length <= 1}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <Typography variant="caption" color="text.secondary">
        {t('payment.admin.prices.tiersHint')}
      </Typography>
      <Button
        startIcon={<AddOutlined />}
        onClick={() => tiers.append({ up_to: '', unit_amount: '', flat_amount: '' })}
        disabled={tiers.fields.length >= 20}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.prices.addTier')}
      </Button>
    </Stack>
  );
}
