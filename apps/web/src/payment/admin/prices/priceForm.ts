import type { PaymentCurrency, PriceCreate, PriceTier } from '@payshelf/api';
import { amountField, integerField, textField, type FieldIssue } from '../forms/issues';

export const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
export const CREDIT_UNITS = ['hours', 'days', 'weeks', 'months', 'years'] as const;

export interface TierValues {
  /** Empty: the open-ended last tier ('inf'). */
  up_to: string;
  unit_amount: string;
  flat_amount: string;
}

/** The price form; field paths are the API's, so a server `param` names the field. Amounts are human. */
export interface PriceFormValues {
  type: 'one_time' | 'recurring';
  currency_id: string;
  nickname: string;
  lookup_key: string;
  billing_scheme: 'per_unit' | 'tiered';
  unit_amount: string;
  tiers_mode: 'graduated' | 'volume';
  tiers: TierValues[];
  custom: boolean;
  /** presets: comma separated. */
  custom_unit_amount: { preset: string; presets: string; minimum: string; maximum: string };
  recurring: {
    interval: (typeof INTERVALS)[number];
    interval_count: string;
    usage_type: 'licensed' | 'metered';
    meter_id: string;
  };
  currency_options: Array<{ currency_id: string; unit_amount: string }>;
  upsell: { upsells_to_id: string };
  /** Customers may switch their subscription to this price in the portal. */
  switchable: boolean;
  quantity_available: string;
  quantity_limit_per_checkout: string;
  credit: boolean;
  /** Tax rate ids charged on this price (none: the checkout's or subscription's). */
  tax_rates: string[];
  metadata: {
    credit_config: {
      credit_amount: string;
      currency_id: string;
      valid_duration_value: string;
      valid_duration_unit: '' | (typeof CREDIT_UNITS)[number];
    };
  };
}

export function priceFormValues(currencyId = ''): PriceFormValues {
  return {
    type: 'one_time',
    currency_id: currencyId,
    nickname: '',
    lookup_key: '',
    billing_scheme: 'per_unit',
    unit_amount: '',
    tiers_mode: 'graduated',
    tiers: [
      { up_to: '10', unit_amount: '', flat_amount: '' },
      { up_to: '', unit_amount: '', flat_amount: '' },
    ],
    custom: false,
    custom_unit_amount: { preset: '', presets: '', minimum: '', maximum: '' },
    recurring: { interval: 'month', interval_count: '1', usage_type: 'licensed', meter_id: '' },
    currency_options: [],
    upsell: { upsells_to_id: '' },
    switchable: false,
    quantity_available: '',
    quantity_limit_per_checkout: '',
    credit: false,
    tax_rates: [],
    metadata: {
      credit_config: {
        credit_amount: '',
        currency_id: '',
        valid_duration_value: '',
        valid_duration_unit: '',
      },
    },
  };
}

type Digits = Pick<PaymentCurrency, 'id' | 'decimal' | 'maximum_precision'>;

function tiersOf(v: PriceFormValues, currency: Digits | undefined, issues: FieldIssue[]): PriceTier[] {
  return v.tiers.map((tier, i) => {
    const upTo = tier.up_to.trim();
    const limit = upTo === '' || upTo === 'inf' ? 'inf' : integerField(upTo, `tiers.${i}.up_to`, issues);
    return {
      up_to: limit ?? 'inf',
      unit_amount: amountField(tier.unit_amount, currency, `tiers.${i}.unit_amount`, issues) ?? '0',
      flat_amount: amountField(tier.flat_amount, currency, `tiers.${i}.flat_amount`, issues) ?? '0',
    };
  });
}

function customOf(v: PriceFormValues, currency: Digits | undefined, issues: FieldIssue[]) {
  const c = v.custom_unit_amount;
  const presets = c.presets
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => amountField(p, currency, 'custom_unit_amount.presets', issues) ?? '0');
  return {
    preset: amountField(c.preset, currency, 'custom_unit_amount.preset', issues),
    presets,
    minimum: amountField(c.minimum, currency, 'custom_unit_amount.minimum', issues),
    maximum: amountField(c.maximum, currency, 'custom_unit_amount.maximum', issues),
  };
}

function creditOf(v: PriceFormValues, issues: FieldIssue[]) {
  const c = v.metadata.credit_config;
  const path = 'metadata.credit_config';
  const value = integerField(c.valid_duration_value, `${path}.valid_duration_value`, issues);
  // Metadata is JSON: absent keys are left out rather than set to undefined.
  return {
    credit_amount: c.credit_amount.trim(),
    currency_id: c.currency_id,
    ...(value === undefined ? {} : { valid_duration_value: value }),
    ...(c.valid_duration_unit === '' ? {} : { valid_duration_unit: c.valid_duration_unit }),
  };
}

/**
 * The create body of a price of any kind. Amounts are parsed with each currency's decimals and
 * maximum precision (exact, no floating point); the schema then checks the body as the server does.
 */
export function toPriceCreate(
  v: PriceFormValues,
  productId: string,
  currencies: readonly Digits[],
  issues: FieldIssue[],
): PriceCreate {
  const digitsOf = (id: string) => currencies.find((c) => c.id === id);
  const currency = digitsOf(v.currency_id);
  const tiered = v.billing_scheme === 'tiered';
  const custom = !tiered && v.custom;
  const unitAmount = tiered ? undefined : amountField(v.unit_amount, currency, 'unit_amount', issues);
  if (!tiered && !custom && unitAmount === undefined && !issues.some((i) => i.path === 'unit_amount')) {
    issues.push({ path: 'unit_amount', key: 'required' });
  }
  if (!currency) issues.push({ path: 'currency_id', key: 'required' });
  v.currency_options.forEach((o, i) => {
    if (!digitsOf(o.currency_id)) issues.push({ path: `currency_options.${i}.currency_id`, key: 'required' });
    if (o.unit_amount.trim() === '')
      issues.push({ path: `currency_options.${i}.unit_amount`, key: 'required' });
  });
  const upsell = v.upsell.upsells_to_id;
  return {
    product_id: productId,
    type: v.type,
    currency_id: v.currency_id,
    billing_scheme: v.billing_scheme,
    unit_amount: unitAmount,
    tiers_mode: tiered ? v.tiers_mode : undefined,
    tiers: tiered ? tiersOf(v, currency, issues) : undefined,
    custom_unit_amount: custom ? customOf(v, currency, issues) : undefined,
    recurring:
      v.type === 'recurring'
        ? {
            interval: v.recurring.interval,
            interval_count: integerField(v.recurring.interval_count, 'recurring.interval_count', issues) ?? 1,
            usage_type: v.recurring.usage_type,
            meter_id: textField(v.recurring.meter_id),
          }
        : undefined,
    currency_options: v.currency_options.map((o, i) => ({
      currency_id: o.currency_id,
      unit_amount:
        amountField(o.unit_amount, digitsOf(o.currency_id), `currency_options.${i}.unit_amount`, issues) ??
        '',
    })),
    upsell: upsell ? { upsells_to_id: upsell } : undefined,
    switchable: v.type === 'recurring' && v.switchable ? true : undefined,
    quantity_available: integerField(v.quantity_available, 'quantity_available', issues),
    quantity_limit_per_checkout: integerField(
      v.quantity_limit_per_checkout,
      'quantity_limit_per_checkout',
      issues,
    ),
    nickname: textField(v.nickname),
    lookup_key: textField(v.lookup_key),
    metadata: v.credit ? { credit_config: creditOf(v, issues) } : undefined,
    tax_rates: v.tax_rates.length > 0 ? v.tax_rates : undefined,
  };
}
