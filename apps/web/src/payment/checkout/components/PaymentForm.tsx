import { Button, Checkbox, CircularProgress, FormControlLabel, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AddressMode, FormValues } from '../logic/formValues';
import type { FieldRule } from '../logic/validation';
import { AddressFields } from './AddressFields';
import { ContactFields } from './ContactFields';

interface PaymentFormProps {
  initial: FormValues;
  rules: Record<string, FieldRule>;
  phone: boolean;
  address: AddressMode;
  purpose: string | null;
  locale: string;
  busy: boolean;
  payable: boolean;
  label: string;
  currencyCards: ReactNode;
  /** Shown under the pay button (the donation checkout's Cancel or Close). */
  secondaryAction?: ReactNode;
  /** A signed-in customer may save the typed details to their account (a checkbox, off by default). */
  offerSave?: boolean;
  /** `save`: the customer ticked "Save these details to my account". */
  onPay(values: FormValues, save: boolean): void;
}

/**
 * The payment form: currency cards, contact fields, billing address and the pay button. Enter submits
 * through the form itself, only when not busy and payable (SPEC section 5).
 */
export function PaymentForm(props: PaymentFormProps) {
  const { initial, rules, phone, address, purpose, locale, busy, payable, label, onPay } = props;
  const { t } = useTranslation();
  // The typed details belong to this checkout; the account keeps its own unless the customer ticks this.
  const [save, setSave] = useState(false);
  const { register, control, getValues, handleSubmit, reset, formState } = useForm<FormValues>({
    defaultValues: initial,
    mode: 'onTouched',
  });
  // Prefill arriving later (customers/me) fills the fields the customer has not typed in.
  useEffect(() => {
    reset(initial, { keepDirtyValues: true });
  }, [initial, reset]);

  const errors = formState.errors;
  const disabled = busy;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid="payment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !payable) return;
        void handleSubmit((values) => onPay(values, props.offerSave === true && save))(event);
      }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('payment.checkout.form.title')}
      </Typography>
      {purpose ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="form-purpose">
          {purpose}
        </Typography>
      ) : null}
      {props.currencyCards}
      <ContactFields
        control={control}
        register={register}
        getValues={getValues}
        errors={errors}
        rules={rules}
        phone={phone}
        locale={locale}
        disabled={disabled}
      />
      {address !== 'none' ? (
        <AddressFields
          mode={address}
          control={control}
          register={register}
          getValues={getValues}
          errors={errors}
          rules={rules}
          locale={locale}
          disabled={disabled}
        />
      ) : null}
      {props.offerSave ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={save}
              disabled={disabled}
              onChange={(event) => setSave(event.target.checked)}
            />
          }
          label={t('payment.checkout.form.saveDetails')}
        />
      ) : null}
      <Button
        type="submit"
        size="large"
        variant="contained"
        disabled={busy || !payable}
        data-testid="pay-button"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {busy ? t('payment.checkout.form.processing') : label}
      </Button>
      {props.secondaryAction}
    </Stack>
  );
}
