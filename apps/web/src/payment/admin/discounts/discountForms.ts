// The coupon, promotion-code and tax-rate forms: every field as typed text, turned into the API's
// create bodies (amounts in the currency's smallest unit, times as ISO instants, percentages exact).
import type { CouponCreate, PaymentCurrency, PromotionCodeCreate, TaxRateCreate } from '@payshelf/api';
import { amountField, integerField, textField, type FieldIssue } from '../forms/issues';

type Digits = Pick<PaymentCurrency, 'id' | 'decimal' | 'maximum_precision'>;

export const DURATIONS = ['once', 'repeating', 'forever'] as const;

/**
 * A `datetime-local` value ("2026-12-31T23:59", the browser's own time zone) as an ISO instant;
 * undefined when empty, an issue when it is not a time.
 */
export function timeField(text: string, path: string, issues: FieldIssue[]): string | undefined {
  if (text.trim() === '') return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) {
    issues.push({ path, key: 'invalid' });
    return undefined;
  }
  return at.toISOString();
}

export interface CouponFormValues {
  name: string;
  kind: 'percent' | 'amount';
  percent_off: string;
  currency_id: string;
  amount_off: string;
  currency_options: Array<{ currency_id: string; amount_off: string }>;
  duration: (typeof DURATIONS)[number];
  duration_in_months: string;
  max_redemptions: string;
  redeem_by: string;
  products: string[];
}

export function couponFormValues(currencyId = ''): CouponFormValues {
  return {
    name: '',
    kind: 'percent',
    percent_off: '',
    currency_id: currencyId,
    amount_off: '',
    currency_options: [],
    duration: 'once',
    duration_in_months: '',
    max_redemptions: '',
    redeem_by: '',
    products: [],
  };
}

/** The coupon's create body: the fields of the chosen kind and duration only. */
export function toCouponCreate(
  v: CouponFormValues,
  currencies: readonly Digits[],
  issues: FieldIssue[],
): CouponCreate {
  const digits = (id: string) => currencies.find((c) => c.id === id);
  // The refinement "exactly one of percent_off and amount_off" would name the wrong field: say which.
  if (v.kind === 'percent' && v.percent_off.trim() === '')
    issues.push({ path: 'percent_off', key: 'required' });
  if (v.kind === 'amount' && v.amount_off.trim() === '') issues.push({ path: 'amount_off', key: 'required' });
  const amount =
    v.kind === 'amount'
      ? {
          currency_id: v.currency_id,
          amount_off: amountField(v.amount_off, digits(v.currency_id), 'amount_off', issues) ?? '',
          currency_options: v.currency_options.map((o, i) => ({
            currency_id: o.currency_id,
            amount_off:
              amountField(o.amount_off, digits(o.currency_id), `currency_options.${i}.amount_off`, issues) ??
              '',
          })),
        }
      : { percent_off: v.percent_off.trim() };
  const months = integerField(v.duration_in_months, 'duration_in_months', issues);
  return {
    ...(textField(v.name) === undefined ? {} : { name: textField(v.name) }),
    ...amount,
    duration: v.duration,
    ...(v.duration === 'repeating' ? { duration_in_months: months } : {}),
    max_redemptions: integerField(v.max_redemptions, 'max_redemptions', issues),
    redeem_by: timeField(v.redeem_by, 'redeem_by', issues),
    ...(v.products.length > 0 ? { applies_to: { products: v.products } } : {}),
  };
}

export interface PromotionCodeFormValues {
  coupon_id: string;
  code: string;
  max_redemptions: string;
  expires_at: string;
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: string;
    minimum_amount_currency_id: string;
    per_customer_limit: string;
  };
}

export function promotionCodeFormValues(couponId = ''): PromotionCodeFormValues {
  return {
    coupon_id: couponId,
    code: '',
    max_redemptions: '',
    expires_at: '',
    restrictions: {
      first_time_transaction: false,
      minimum_amount: '',
      minimum_amount_currency_id: '',
      per_customer_limit: '',
    },
  };
}

/** The code's create body; a minimum amount is sent with its currency, or neither. */
export function toPromotionCodeCreate(
  v: PromotionCodeFormValues,
  currencies: readonly Digits[],
  issues: FieldIssue[],
): PromotionCodeCreate {
  const r = v.restrictions;
  const currency = currencies.find((c) => c.id === r.minimum_amount_currency_id);
  const path = 'restrictions.minimum_amount';
  const minimum = amountField(r.minimum_amount, currency, path, issues);
  if (r.minimum_amount.trim() !== '' && !currency) {
    issues.push({ path: 'restrictions.minimum_amount_currency_id', key: 'required' });
  }
  const perCustomer = integerField(r.per_customer_limit, 'restrictions.per_customer_limit', issues);
  return {
    coupon_id: v.coupon_id,
    code: v.code.trim(),
    max_redemptions: integerField(v.max_redemptions, 'max_redemptions', issues),
    expires_at: timeField(v.expires_at, 'expires_at', issues),
    restrictions: {
      first_time_transaction: r.first_time_transaction,
      ...(minimum === undefined
        ? {}
        : { minimum_amount: minimum, minimum_amount_currency_id: r.minimum_amount_currency_id }),
      ...(perCustomer === undefined ? {} : { per_customer_limit: perCustomer }),
    },
  };
}

export interface TaxRateFormValues {
  display_name: string;
  percentage: string;
  inclusive: 'inclusive' | 'exclusive';
  jurisdiction: string;
  country: string;
  description: string;
}

export function taxRateFormValues(): TaxRateFormValues {
  return {
    display_name: '',
    percentage: '',
    inclusive: 'exclusive',
    jurisdiction: '',
    country: '',
    description: '',
  };
}

/** The rate's create body: the percentage exactly as typed (the server keeps it as a decimal). */
export function toTaxRateCreate(v: TaxRateFormValues): TaxRateCreate {
  return {
    display_name: v.display_name.trim(),
    percentage: v.percentage.trim(),
    inclusive: v.inclusive === 'inclusive',
    jurisdiction: textField(v.jurisdiction),
    country: textField(v.country)?.toUpperCase(),
    description: textField(v.description),
  };
}
