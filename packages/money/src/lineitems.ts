// Checkout line totals: which amount a price has in the chosen currency, what a line costs, and the
// checkout total. Discounts, tax and shipping are not part of these rules.

import { CurrencyNotConfiguredError, MultipleCustomUnitAmountError, PriceTiersError } from './errors.js';
import { effectivePrice } from './price.js';
import type { CurrencyOption, CustomUnitAmount, LineItem, Price, PriceTier } from './price.js';
import { tieredAmount } from './tiers.js';

export interface LineTotalOptions {
  /** The checkout starts with a free trial: recurring lines are free today. */
  trialing?: boolean;
}

/** What the price says for one currency: its option when one exists, else the base when it matches. */
interface CurrencyTerms {
  unit_amount: bigint;
  custom_unit_amount: CustomUnitAmount | null;
  tiers: readonly PriceTier[] | null;
}

function termsFor(price: Price, currencyId: string): CurrencyTerms | null {
  const option: CurrencyOption | undefined = price.currency_options?.find(
    (o) => o.currency_id === currencyId,
  );
  if (option) {
    return {
      unit_amount: option.unit_amount,
      custom_unit_amount: option.custom_unit_amount ?? null,
      tiers: option.tiers ?? null,
    };
  }
  if (price.currency_id === currencyId) {
    return {
      unit_amount: price.unit_amount,
      custom_unit_amount: price.custom_unit_amount ?? null,
      tiers: price.tiers ?? null,
    };
  }
  return null;
}

function requireTerms(price: Price, currencyId: string): CurrencyTerms {
  const terms = termsFor(price, currencyId);
  if (!terms) throw new CurrencyNotConfiguredError(price.id, currencyId);
  return terms;
}

/**
 * Unit amount of `price` in `currencyId`. A currency option wins over the base currency; for a
 * pay-what-you-want price the unit amount is its preset, else its first preset, else unit_amount.
 * Throws CURRENCY_NOT_CONFIGURED when neither the base nor an option has the currency.
 */
export function unitAmountFor(price: Price, currencyId: string): bigint {
  const terms = requireTerms(price, currencyId);
  const custom = terms.custom_unit_amount;
  return custom?.preset ?? custom?.presets?.[0] ?? terms.unit_amount;
}

/** Same as unitAmountFor, but null when the currency is not configured (the UI shows zero). */
export function unitAmountOrNull(price: Price, currencyId: string): bigint | null {
  return termsFor(price, currencyId) ? unitAmountFor(price, currencyId) : null;
}

/** Tiers for the currency: the option's for an option currency, the price's for the base currency. */
export function tiersFor(price: Price, currencyId: string): readonly PriceTier[] {
  const tiers = requireTerms(price, currencyId).tiers;
  if (!tiers || tiers.length === 0) throw new PriceTiersError('tiered price without tiers for the currency');
  return tiers;
}

/** The pay-what-you-want settings for the currency, or null for a fixed price. */
export function customUnitAmountFor(price: Price, currencyId: string): CustomUnitAmount | null {
  return requireTerms(price, currencyId).custom_unit_amount;
}

/**
 * A line "uses a custom unit amount" when its billed price (upsell price if switched) is
 * pay-what-you-want in its base currency or in any currency option, or when the line carries a
 * custom_amount. This does not depend on the chosen currency, so switching currency never changes it.
 */
export function usesCustomUnitAmount(item: LineItem): boolean {
  if (item.custom_amount !== undefined && item.custom_amount !== null) return true;
  const price = effectivePrice(item);
  if (price.custom_unit_amount) return true;
  return (price.currency_options ?? []).some((option) => Boolean(option.custom_unit_amount));
}

/** SPEC §5: only one item may use a custom unit amount. The error, or null when the items are fine. */
export function checkCustomUnitAmountItems(items: readonly LineItem[]): MultipleCustomUnitAmountError | null {
  const count = items.filter(usesCustomUnitAmount).length;
  return count > 1 ? new MultipleCustomUnitAmountError(count) : null;
}

export function assertSingleCustomUnitAmount(items: readonly LineItem[]): void {
  const error = checkCustomUnitAmountItems(items);
  if (error) throw error;
}

/** Recurring lines free today: every recurring line during a trial, metered ones always (billed on usage). */
export function isDeferredLine(item: LineItem, options: LineTotalOptions = {}): boolean {
  const price = effectivePrice(item);
  if (price.type !== 'recurring') return false;
  return Boolean(options.trialing) || price.recurring?.usage_type === 'metered';
}

function assertQuantity(quantity: number): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
  }
  return BigInt(quantity);
}

/**
 * What the line costs at checkout, in smallest units of `currencyId`:
 * 1. the upsell price replaces the price when set;
 * 2. recurring lines are 0 while trialing, metered recurring lines are always 0;
 * 3. a custom_amount is the line total (not multiplied by quantity);
 * 4. tiered prices use their tiers (a tiered price without tiers_mode is PRICE_TIERS_INVALID: guessing
 *    a mode would charge a wrong amount), others unit amount x quantity.
 */
export function lineTotal(item: LineItem, currencyId: string, options: LineTotalOptions = {}): bigint {
  const quantity = assertQuantity(item.quantity);
  if (isDeferredLine(item, options)) return 0n;
  if (item.custom_amount !== undefined && item.custom_amount !== null) {
    if (item.custom_amount < 0n) throw new RangeError('custom_amount must not be negative');
    return item.custom_amount;
  }
  const price = effectivePrice(item);
  if (price.billing_scheme === 'tiered') {
    if (!price.tiers_mode) throw new PriceTiersError('tiered price without tiers_mode');
    return tieredAmount(tiersFor(price, currencyId), price.tiers_mode, item.quantity);
  }
  return unitAmountFor(price, currencyId) * quantity;
}

/** Sum of the line totals. Throws MULTIPLE_CUSTOM_UNIT_AMOUNT before adding anything up. */
export function checkoutTotal(
  items: readonly LineItem[],
  currencyId: string,
  options: LineTotalOptions = {},
): bigint {
  assertSingleCustomUnitAmount(items);
  return items.reduce((sum, item) => sum + lineTotal(item, currencyId, options), 0n);
}
