import { AMOUNT_LIMIT, type LineItemInput } from '@payshelf/api';
import {
  checkCustomUnitAmountItems,
  checkQuantity,
  checkoutTotal,
  isTrialing,
  lineTotal,
  unitAmountFor,
  usesCustomUnitAmount,
  type LineItem as RuleLineItem,
} from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import { adjust, NO_ADJUSTMENTS, type Adjustments } from '../discounts/index.js';
import { getPrices, type PriceRow } from '../catalog/index.js';
import { toRulePrice } from '../catalog/index.js';
import type { StoredBreakdown, StoredLineItem, StoredSubscriptionData } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { moneyRule, throwIfRule } from '../shared/rules.js';
import { nowSeconds } from '../shared/time.js';

export type PriceMap = Map<string, PriceRow>;

/** Every price a set of line items refers to (price and upsell price), in the given mode. */
export async function loadPrices(db: Db, items: StoredLineItem[], livemode: boolean): Promise<PriceMap> {
  const ids = items.flatMap((i) => [i.price_id, ...(i.upsell_price_id ? [i.upsell_price_id] : [])]);
  return new Map((await getPrices(db, ids, livemode)).map((p) => [p.id, p]));
}

export function priceOf(prices: PriceMap, id: string): PriceRow {
  const row = prices.get(id);
  if (!row) throw ApiError.missing('price_missing', id, 'price_id');
  return row;
}

export function toRuleItem(item: StoredLineItem, prices: PriceMap): RuleLineItem {
  return {
    price: toRulePrice(priceOf(prices, item.price_id)),
    quantity: item.quantity,
    upsell_price: item.upsell_price_id ? toRulePrice(priceOf(prices, item.upsell_price_id)) : null,
    custom_amount: item.custom_amount === null ? null : BigInt(item.custom_amount),
    adjustable_quantity: item.adjustable_quantity,
  };
}

/**
 * Reads merchant line items: prices must exist in the mode and be active, be sold in the currency,
 * respect stock and per-checkout limits, and at most one item may use a custom unit amount.
 */
export async function resolveLineItems(
  db: Db,
  livemode: boolean,
  inputs: LineItemInput[],
  currencyId: string | undefined,
): Promise<{ items: StoredLineItem[]; prices: PriceMap; currencyId: string; recurring: boolean }> {
  const items: StoredLineItem[] = inputs.map((input) => ({
    id: newId('li'),
    price_id: input.price_id,
    quantity: input.quantity,
    adjustable_quantity: input.adjustable_quantity ?? null,
    upsell_price_id: null,
    cross_sell: false,
    custom_amount: input.custom_amount ?? null,
  }));
  const prices = await loadPrices(db, items, livemode);
  const currency = currencyId ?? prices.get(inputs[0]?.price_id ?? '')?.currencyId;
  items.forEach((item, i) => {
    const param = `line_items.${i}`;
    const price = prices.get(item.price_id);
    if (!price) throw ApiError.missing('price_missing', item.price_id, `${param}.price_id`);
    if (!price.active) throw ApiError.of('line_price_archived', {}, { param: `${param}.price_id` });
    const rule = toRulePrice(price);
    moneyRule(`${param}.price_id`, () => unitAmountFor(rule, currency ?? ''));
    const adj = item.adjustable_quantity;
    if (adj?.minimum !== undefined && adj.maximum !== undefined && adj.minimum > adj.maximum) {
      throw ApiError.of('minimum_over_maximum', {}, { param: `${param}.adjustable_quantity.minimum` });
    }
    throwIfRule(checkQuantity(rule, item.quantity), `${param}.quantity`);
    if (item.custom_amount !== null && !usesCustomUnitAmount({ price: rule, quantity: 1 })) {
      throw ApiError.of('line_custom_amount', {}, { param: `${param}.custom_amount` });
    }
  });
  throwIfRule(checkCustomUnitAmountItems(items.map((i) => toRuleItem(i, prices))), 'line_items');
  // The largest total these items can reach (no trial): refused now rather than when a session starts.
  const ruleItems = items.map((i) => toRuleItem(i, prices));
  checkTotal(moneyRule('line_items', () => checkoutTotal(ruleItems, currency ?? '')));
  const recurring = items.some((i) => prices.get(i.price_id)?.type === 'recurring');
  return { items, prices, currencyId: currency ?? '', recurring };
}

/**
 * A total is paid in one transfer, and amounts on the chain are below 2^256 (which also keeps it
 * within the numeric(78,0) columns): a larger total is refused as the request's mistake.
 */
export function checkTotal(total: bigint): bigint {
  if (total >= AMOUNT_LIMIT) {
    throw ApiError.of('line_total_too_large', {}, { param: 'line_items' });
  }
  return total;
}

export interface SessionTotals {
  /** Before the discount and taxes. */
  subtotal: bigint;
  total: bigint;
  discount: bigint;
  /** Every tax, inclusive ones included. */
  tax: bigint;
  /** What the discount and each tax came to; null without a coupon or tax rate. */
  breakdown: StoredBreakdown | null;
}

/** The price a line is billed at (its upsell price when switched). */
function billedPrice(item: StoredLineItem, prices: PriceMap): PriceRow {
  return priceOf(prices, item.upsell_price_id ?? item.price_id);
}

/** Every tax rate id the lines' prices carry (what loadAdjustments needs besides the defaults). */
export function priceRateIds(items: StoredLineItem[], prices: PriceMap): string[] {
  return [...new Set(items.flatMap((i) => billedPrice(i, prices).taxRateIds))];
}

/**
 * Subtotal and total of the session today (recurring lines are free while trialing, metered always),
 * with its coupon and tax rates: the discount first, then each line's taxes on its discounted amount.
 */
export function sessionTotals(
  items: StoredLineItem[],
  prices: PriceMap,
  currencyId: string,
  subscriptionData: StoredSubscriptionData | null,
  adjustments: Adjustments = NO_ADJUSTMENTS,
): SessionTotals {
  const trialing = isTrialing(subscriptionData, currencyId, nowSeconds());
  const ruleItems = items.map((i) => toRuleItem(i, prices));
  const subtotal = checkTotal(
    moneyRule('line_items', () => checkoutTotal(ruleItems, currencyId, { trialing })),
  );
  if (adjustments === NO_ADJUSTMENTS) {
    return { subtotal, total: subtotal, discount: 0n, tax: 0n, breakdown: null };
  }
  const lines = items.map((item, i) => {
    const price = billedPrice(item, prices);
    const rule = ruleItems[i];
    const amount = rule ? moneyRule('line_items', () => lineTotal(rule, currencyId, { trialing })) : 0n;
    return { productId: price.productId, taxRateIds: price.taxRateIds, amount };
  });
  const { totals, breakdown } = adjust(lines, adjustments, currencyId);
  return {
    subtotal,
    total: checkTotal(totals.total),
    discount: totals.discount,
    tax: totals.tax,
    breakdown,
  };
}

/** Currencies every line item can be paid in (its base currency or one of its currency options). */
export function payableCurrencies(items: StoredLineItem[], prices: PriceMap): Set<string> | null {
  let result: string[] | null = null;
  for (const item of items) {
    const price = prices.get(item.upsell_price_id ?? item.price_id);
    if (!price) continue;
    const ids = new Set<string>([price.currencyId, ...price.currencyOptions.map((o) => o.currency_id)]);
    result = result === null ? [...ids] : result.filter((id: string) => ids.has(id));
  }
  return result === null ? null : new Set(result);
}
