import { Stack, TextField, Typography } from '@mui/material';
import {
  Controller,
  useWatch,
  type Control,
  type UseFormRegister,
  type UseFormGetValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../logic/formValues';
import { loadFormats } from '../logic/loadFormats';
import { checkEmail, checkName, type FieldRule } from '../logic/validation';
import { CountryPicker } from './CountryPicker';
import { issueText, labelFor } from './fieldText';

interface ContactFieldsProps {
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  getValues: UseFormGetValues<FormValues>;
  errors: Partial<Record<keyof FormValues, { message?: string }>>;
  rules: Record<string, FieldRule>;
  phone: boolean;
  locale: string;
  disabled: boolean;
}

/** Name, email and (when collected) phone with its country picker (SPEC section 5). */
export function ContactFields({
  control,
  register,
  getValues,
  errors,
  rules,
  phone,
  locale,
  disabled,
}: ContactFieldsProps) {
  const { t } = useTranslation();
  const values = useWatch({ control });
  const field = (name: keyof FormValues) => ({
    error: Boolean(errors[name]),
    helperText: errors[name]?.message ?? ' ',
    disabled,
    size: 'small' as const,
    fullWidth: true,
  });
  const name = register('customer_name', {
    validate: (v) => issueText(checkName(v, rules.customer_name, locale), t),
  });
  const email = register('customer_email', {
    validate: (v) => issueText(checkEmail(v, rules.customer_email, locale), t),
  });
  const phoneField = register('customer_phone', {
    validate: async (v) => {
      if (!phone) return true;
      const { checkPhone } = await loadFormats();
      return issueText(checkPhone(v, getValues('phone_country'), rules.customer_phone, locale), t);
    },
  });
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{t('payment.checkout.form.contact')}</Typography>
      <TextField
        {...field('customer_name')}
        label={t('payment.checkout.form.name')}
        autoComplete="name"
        {...name}
        inputRef={name.ref}
        slotProps={{
          htmlInput: { 'data-testid': 'field-name' },
          inputLabel: labelFor(values.customer_name),
        }}
      />
      <TextField
        {...field('customer_email')}
        label={t('payment.checkout.form.email')}
        type="email"
        autoComplete="email"
        {...email}
        inputRef={email.ref}
        slotProps={{
          htmlInput: { 'data-testid': 'field-email', noValidate: true },
          inputLabel: labelFor(values.customer_email),
        }}
      />
      {phone ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Controller
            control={control}
            name="phone_country"
            render={({ field: country }) => (
              <div style={{ minWidth: 200 }}>
                <CountryPicker
                  value={country.value}
                  onChange={country.onChange}
                  label={t('payment.checkout.form.country')}
                  locale={locale}
                  dial
                  testId="phone-country"
                />
              </div>
            )}
          />
          <TextField
            {...field('customer_phone')}
            label={t('payment.checkout.form.phone')}
            type="tel"
            autoComplete="tel"
            {...phoneField}
            inputRef={phoneField.ref}
            helperText={errors.customer_phone?.message ?? t('payment.checkout.form.phoneHint')}
            slotProps={{
              htmlInput: { 'data-testid': 'field-phone' },
              inputLabel: labelFor(values.customer_phone),
            }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
