// The order summary's numbers: API line items read into @payshelf/money's bigint rules.
import {
  checkoutTotal,
  customUnitAmountFor,
  unitAmountFor,
  describeRecurring,
  effectiveTrial,
  isTrialing,
  lineTotal,
  priceUpsellSaving,
  trialDisplay,
  type LineItem as RuleLine,
  type Price as RulePrice,
  type RecurringDescriptor,
  type TrialDisplay,
} from '@payshelf/money';
import type { ApiPrice, CheckoutSessionData } from './api';

export type ApiLine = CheckoutSessionData['line_items'][number];

const big = (text: string | null | undefined): bigint | null =>
  text === null || text === undefined ? null : BigInt(text);

function custom(value: ApiPrice['custom_unit_amount'] | undefined) {
  if (!value) return null;
  return {
    preset: big(value.preset),
    presets: value.presets?.map((p) => BigInt(p)) ?? null,
    minimum: big(value.minimum),
    maximum: big(value.maximum),
  };
}

function tiers(value: ApiPrice['tiers'] | undefined) {
  return (
    value?.map((t) => ({
      up_to: t.up_to === 'inf' ? null : BigInt(t.up_to),
      unit_amount: BigInt(t.unit_amount),
      flat_amount: BigInt(t.flat_amount),
    })) ?? null
  );
}

export function toRulePrice(price: ApiPrice): RulePrice {
  return {
    id: price.id,
    type: price.type,
    currency_id: price.currency_id,
    unit_amount: BigInt(price.unit_amount),
    currency_options: price.currency_options.map((o) => ({
      currency_id: o.currency_id,
      unit_amount: BigInt(o.unit_amount),
      custom_unit_amount: custom(o.custom_unit_amount),
      tiers: tiers(o.tiers),
    })),
    recurring: price.recurring
      ? {
          interval: price.recurring.interval,
          interval_count: price.recurring.interval_count,
          usage_type: price.recurring.usage_type,
        }
      : null,
    billing_scheme: price.billing_scheme,
    tiers_mode: price.tiers_mode,
    tiers: tiers(price.tiers),
    custom_unit_amount: custom(price.custom_unit_amount),
    quantity_available: price.quantity_available,
    quantity_sold: price.quantity_sold,
    quantity_limit_per_checkout: price.quantity_limit_per_checkout,
    upsell: price.upsell ? { upsells_to_id: price.upsell.upsells_to_id } : null,
  };
}

/** Lines whose price came with the session (others cannot be priced on the page). */
export function ruleLines(lines: readonly ApiLine[]): RuleLine[] {
  return lines.flatMap((line) =>
    line.price
      ? [
          {
            price: toRulePrice(line.price),
            quantity: line.quantity,
            upsell_price: line.upsell_price ? toRulePrice(line.upsell_price) : null,
            custom_amount: big(line.custom_amount),
            adjustable_quantity: line.adjustable_quantity,
          },
        ]
      : [],
  );
}

type TrialSource = Pick<CheckoutSessionData, 'subscription_data'>;

export function trialFor(session: TrialSource, currencyId: string, nowSeconds: number): TrialDisplay | null {
  return trialDisplay(effectiveTrial(session.subscription_data, currencyId), nowSeconds);
}

export interface LineAmounts {
  /** Per line, in smallest units of the currency; null when the price has no amount in it. */
  lines: (bigint | null)[];
  total: bigint | null;
}

/** What each line and the whole checkout cost today in `currencyId` (exact bigint, trial applied). */
export function amountsFor(
  session: CheckoutSessionData,
  currencyId: string,
  nowSeconds: number,
): LineAmounts {
  const trialing = isTrialing(session.subscription_data, currencyId, nowSeconds);
  const lines = session.line_items.map((line) => {
    const [rule] = ruleLines([line]);
    if (!rule) return null;
    try {
      return lineTotal(rule, currencyId, { trialing });
    } catch {
      return null;
    }
  });
  let total: bigint | null;
  try {
    total = checkoutTotal(ruleLines(session.line_items), currencyId, { trialing });
  } catch {
    total = null;
  }
  return { lines, total };
}

/**
 * Whole percent saved by the line's upsell: the switched-to price, or before switching the offer the
 * server sends, so the switch shows its saving up front; 0 when unknown.
 */
export function upsellSaving(line: ApiLine, currencyId: string): number {
  const target = line.upsell_price ?? line.upsell_offer;
  if (!line.price || !target) return 0;
  return priceUpsellSaving(toRulePrice(line.price), toRulePrice(target), currencyId);
}

export function recurringOf(price: ApiPrice | undefined | null): RecurringDescriptor | null {
  if (!price?.recurring) return null;
  try {
    return describeRecurring(price.recurring);
  } catch {
    return null;
  }
}

/** The amounts a pay-what-you-want line accepts: from the minimum (0 when unset) to the maximum (none). */
export interface AmountRange {
  min: bigint;
  max: bigint | null;
}

/** The billed price's custom amount bounds in `currencyId` (no bounds when the price has none there). */
export function amountRange(line: ApiLine, currencyId: string): AmountRange {
  const price = line.upsell_price ?? line.price;
  if (!price) return { min: 0n, max: null };
  try {
    const custom = customUnitAmountFor(toRulePrice(price), currencyId);
    return { min: custom?.minimum ?? 0n, max: custom?.maximum ?? null };
  } catch {
    return { min: 0n, max: null };
  }
}

/**
 * What a recurring line charges later, when that differs from today: a metered line is billed per unit
 * of usage (its unit price); a licensed line's regular charge each period (shown after a free trial).
 * Null for one-time lines, tiered metered prices (no single unit price) and unpriced currencies.
 */
export type LaterCharge = { kind: 'metered'; unitAmount: bigint } | { kind: 'regular'; amount: bigint };

export function laterCharge(line: ApiLine, currencyId: string): LaterCharge | null {
  const [rule] = ruleLines([line]);
  const price = line.upsell_price ?? line.price;
  if (!rule || price?.type !== 'recurring') return null;
  try {
    if (price.recurring?.usage_type === 'metered') {
      if (price.billing_scheme === 'tiered') return null;
      return { kind: 'metered', unitAmount: unitAmountFor(toRulePrice(price), currencyId) };
    }
    return { kind: 'regular', amount: lineTotal(rule, currencyId, { trialing: false }) };
  } catch {
    return null;
  }
}
