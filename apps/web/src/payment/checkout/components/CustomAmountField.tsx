import { TextField } from '@mui/material';
import { AmountPrecisionError, toDecimalString, tryParseAmount } from '@payshelf/money';
import type { PaymentCurrency } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CustomAmountFieldProps {
  units: bigint | null;
  currency: PaymentCurrency;
  disabled: boolean;
  onChange(units: bigint): void;
  /** Tells the form whether the typed amount blocks payment. */
  onValidity(valid: boolean): void;
}

/** A pay-what-you-want amount; more decimals than the currency's precision is an error (SPEC section 5). */
export function CustomAmountField({
  units,
  currency,
  disabled,
  onChange,
  onValidity,
}: CustomAmountFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(units === null ? '' : toDecimalString(units, currency.decimal));
  const [error, setError] = useState<string | null>(null);
  const precision = currency.maximum_precision || 6;
  const check = (value: string) => {
    const parsed = tryParseAmount(value, currency.decimal, precision);
    if (parsed.ok) return { units: parsed.units, error: null };
    return {
      units: null,
      error:
        parsed.error instanceof AmountPrecisionError
          ? t('payment.checkout.precision', { precision: parsed.error.precision })
          : t('payment.checkout.invalid'),
    };
  };
  return (
    <TextField
      size="small"
      label={t('payment.checkout.customAmount')}
      value={text}
      disabled={disabled}
      error={error !== null}
      helperText={error ?? ' '}
      onChange={(e) => {
        setText(e.target.value);
        const result = check(e.target.value);
        setError(result.error);
        onValidity(result.error === null);
      }}
      onBlur={() => {
        const result = check(text);
        if (result.units !== null && result.units !== units) onChange(result.units);
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'custom-amount' } }}
      sx={{ maxWidth: 200 }}
    />
  );
}
