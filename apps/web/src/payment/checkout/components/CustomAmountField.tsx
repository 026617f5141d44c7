import { TextField } from '@mui/material';
import { AmountPrecisionError, toDecimalString, tryParseAmount } from '@payshelf/money';
import type { PaymentCurrency } from '@payshelf/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../logic/format';
import type { AmountRange } from '../logic/lines';

interface CustomAmountFieldProps {
  /** The amount the summary shows for the line (the price's preset until the customer picks one). */
  units: bigint | null;
  currency: PaymentCurrency;
  /** The price's minimum and maximum in this currency. */
  range: AmountRange;
  locale: string;
  disabled: boolean;
  onChange(units: bigint): void;
  /** Tells the form whether the typed amount blocks payment. */
  onValidity(valid: boolean): void;
}

/**
 * A pay-what-you-want amount. It starts with the amount the summary shows; more decimals than the
 * currency's precision, or an amount outside the price's minimum and maximum, is an error that blocks
 * payment and is never sent (so the summary keeps the last accepted amount and Pay stays disabled).
 */
export function CustomAmountField(props: CustomAmountFieldProps) {
  const { units, currency, range, locale, disabled, onChange, onValidity } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(units === null ? '' : toDecimalString(units, currency.decimal));
  const [error, setError] = useState<string | null>(null);
  const precision = currency.maximum_precision || 6;
  // A field that goes away (another currency, a new accepted amount, a removed line) blocks nothing.
  useEffect(() => () => onValidity(true), [onValidity]);
  const check = (value: string) => {
    const parsed = tryParseAmount(value, currency.decimal, precision);
    if (!parsed.ok) {
      return {
        units: null,
        error:
          parsed.error instanceof AmountPrecisionError
            ? t('payment.checkout.precision', { precision: parsed.error.precision })
            : t('payment.checkout.invalid'),
      };
    }
    if (parsed.units < range.min || (range.max !== null && parsed.units > range.max)) {
      return {
        units: null,
        error: t('payment.checkout.donation.range', {
          min: money(range.min, currency, locale),
          max: range.max === null ? '∞' : money(range.max, currency, locale),
        }),
      };
    }
    return { units: parsed.units, error: null };
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
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'data-testid': 'custom-amount' },
        formHelperText: { role: error ? 'alert' : undefined },
      }}
      sx={{ maxWidth: 240 }}
    />
  );
}
