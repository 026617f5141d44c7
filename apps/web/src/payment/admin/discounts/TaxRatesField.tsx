import { MenuItem, TextField } from '@mui/material';
import { discountRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';

/**
 * Up to 5 of the mode's active tax rates for a price ("VAT 19% (inclusive)"); a price without any
 * takes the checkout's or subscription's rates. Nothing shows while the mode has no active rate.
 */
export function TaxRatesField<V extends FieldValues, T>(props: {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
}) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const query = { limit: 100, active: 'true' as const };
  const list = useQuery({
    queryKey: adminKey('tax-rates', admin.livemode, 'active-choices'),
    queryFn: ({ signal }) => admin.call(discountRoutes.taxRates.list, { query }, signal),
  });
  const rates = list.data?.data ?? [];
  if (rates.length === 0) return null;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          fullWidth
          label={t('payment.admin.taxRates.title')}
          name={field.name}
          value={Array.isArray(field.value) ? field.value : []}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? t('payment.admin.taxRates.priceHint')}
          onChange={(e) => {
            const value: unknown = e.target.value;
            field.onChange(Array.isArray(value) ? value.map(String) : String(value).split(','));
          }}
          slotProps={{ select: { multiple: true } }}
        >
          {rates.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {`${r.display_name} ${r.percentage}% (${t(
                r.inclusive ? 'payment.admin.taxRates.inclusive' : 'payment.admin.taxRates.exclusive',
              )})`}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
