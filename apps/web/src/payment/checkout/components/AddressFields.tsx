import { Stack, TextField, Typography } from '@mui/material';
import {
  Controller,
  useWatch,
  type Control,
  type UseFormGetValues,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AddressMode, FormValues } from '../logic/formValues';
import { loadFormats } from '../logic/loadFormats';
import { checkRequired, type FieldRule } from '../logic/validation';
import { CountryPicker } from './CountryPicker';
import { issueText, labelFor } from './fieldText';

interface AddressFieldsProps {
  mode: Exclude<AddressMode, 'none'>;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  getValues: UseFormGetValues<FormValues>;
  errors: Partial<Record<keyof FormValues, { message?: string }>>;
  rules: Record<string, FieldRule>;
  locale: string;
  disabled: boolean;
}

/** The billing address: line1, city, state and postal code with country, or the postal code only. */
export function AddressFields({
  mode,
  control,
  register,
  getValues,
  errors,
  rules,
  locale,
  disabled,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  const values = useWatch({ control });
  const full = mode === 'full';
  const text = (
    name: 'line1' | 'line2' | 'city' | 'state' | 'postal_code',
    label: string,
    required: boolean,
  ) => {
    const reg = register(name, {
      validate: async (v) => {
        if (name === 'postal_code') {
          const { checkPostalCode } = await loadFormats();
          return issueText(checkPostalCode(v, getValues('country'), rules[name], locale), t);
        }
        return required ? issueText(checkRequired(v, rules[name], locale), t) : true;
      },
    });
    return (
      <TextField
        size="small"
        fullWidth
        disabled={disabled}
        label={label}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? ' '}
        {...reg}
        inputRef={reg.ref}
        slotProps={{ htmlInput: { 'data-testid': `field-${name}` }, inputLabel: labelFor(values[name]) }}
      />
    );
  };
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{t('payment.checkout.form.address')}</Typography>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <CountryPicker
            value={field.value}
            onChange={field.onChange}
            label={t('payment.checkout.form.country')}
            locale={locale}
            testId="billing-country"
          />
        )}
      />
      <div style={{ height: 8 }} />
      {full ? text('line1', t('payment.checkout.form.line1'), true) : null}
      {full ? text('line2', t('payment.checkout.form.line2'), false) : null}
      {full ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {text('city', t('payment.checkout.form.city'), true)}
          {text('state', t('payment.checkout.form.state'), true)}
        </Stack>
      ) : null}
      {text('postal_code', t('payment.checkout.form.postalCode'), true)}
    </Stack>
  );
}
