import type { PaymentCurrency, PaymentCurrencyCreate, PaymentCurrencyUpdate } from '@payshelf/api';
import { toDecimalString } from '@payshelf/money';
import { amountField, integerField, textField, type FieldIssue } from '../forms/issues';

/** The payment currency form; payment amounts are human, in the currency's own decimals. */
export interface CurrencyFormValues {
  payment_method_id: string;
  symbol: string;
  name: string;
  decimal: string;
  maximum_precision: string;
  logo: string;
  contract: string;
  type: 'standard' | 'credit';
  minimum_payment_amount: string;
  maximum_payment_amount: string;
  is_base_currency: boolean;
}

export function currencyFormValues(c?: PaymentCurrency, methodId = ''): CurrencyFormValues {
  const human = (units: string | null | undefined) =>
    c && units ? toDecimalString(BigInt(units), c.decimal) : '';
  return {
    payment_method_id: c?.payment_method_id ?? methodId,
    symbol: c?.symbol ?? '',
    name: c?.name ?? '',
    decimal: c ? String(c.decimal) : '6',
    maximum_precision: c ? String(c.maximum_precision) : '6',
    logo: c?.logo ?? '',
    contract: c?.contract ?? '',
    type: c?.type ?? 'standard',
    minimum_payment_amount: human(c?.minimum_payment_amount),
    maximum_payment_amount: human(c?.maximum_payment_amount),
    is_base_currency: c?.is_base_currency ?? false,
  };
}

function digits(v: CurrencyFormValues, issues: FieldIssue[]) {
  const decimal = integerField(v.decimal, 'decimal', issues);
  const precision = integerField(v.maximum_precision, 'maximum_precision', issues);
  const known =
    decimal !== undefined && decimal <= 36 ? { decimal, maximum_precision: precision ?? decimal } : undefined;
  return { decimal, precision, known };
}

export function toCurrencyCreate(v: CurrencyFormValues, issues: FieldIssue[]): PaymentCurrencyCreate {
  const { decimal, precision, known } = digits(v, issues);
  return {
    payment_method_id: v.payment_method_id,
    symbol: v.symbol.trim(),
    name: v.name.trim(),
    decimal: decimal ?? -1,
    maximum_precision: precision ?? 6,
    logo: textField(v.logo),
    contract: textField(v.contract),
    type: v.type,
    minimum_payment_amount: amountField(v.minimum_payment_amount, known, 'minimum_payment_amount', issues),
    maximum_payment_amount: amountField(v.maximum_payment_amount, known, 'maximum_payment_amount', issues),
    is_base_currency: v.is_base_currency,
  };
}

/** Symbol, decimals, contract and method stay once a currency exists. */
export function toCurrencyUpdate(v: CurrencyFormValues, issues: FieldIssue[]): PaymentCurrencyUpdate {
  const { precision, known } = digits(v, issues);
  return {
    name: v.name.trim(),
    logo: textField(v.logo) ?? null,
    maximum_precision: precision,
    minimum_payment_amount:
      amountField(v.minimum_payment_amount, known, 'minimum_payment_amount', issues) ?? '0',
    maximum_payment_amount:
      amountField(v.maximum_payment_amount, known, 'maximum_payment_amount', issues) ?? null,
    is_base_currency: v.is_base_currency,
  };
}
