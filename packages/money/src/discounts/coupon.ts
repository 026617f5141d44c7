// What a coupon takes off each line: percent_off of every line it applies to (rounded half up per
// line), or amount_off in the chosen currency spread over those lines in proportion to their amounts
// (largest remainders get the leftover units), never more than the lines cost.
import { percentOf, requirePercent } from './percent.js';

export type CouponDuration = 'once' | 'repeating' | 'forever';

export interface CouponAmountOption {
  currency_id: string;
  amount_off: bigint;
}

export interface CouponTerms {
  /** Exact decimal text between 0 and 100, e.g. "12.5"; null for an amount_off coupon. */
  percent_off: string | null;
  /** Smallest units of currency_id; null for a percent_off coupon. */
  amount_off: bigint | null;
  currency_id: string | null;
  currency_options?: readonly CouponAmountOption[] | null;
  /** Product ids the coupon applies to; null or empty: every product. */
  applies_to_products?: readonly string[] | null;
}

export interface DiscountableLine {
  productId: string;
  /** What the line costs before the discount, smallest units, never negative. */
  amount: bigint;
}

/** The coupon's amount_off in `currencyId` (its option wins), or null when it has none there. */
export function amountOffFor(coupon: CouponTerms, currencyId: string): bigint | null {
  const option = coupon.currency_options?.find((o) => o.currency_id === currencyId);
  if (option) return option.amount_off;
  if (coupon.amount_off !== null && coupon.currency_id === currencyId) return coupon.amount_off;
  return null;
}

/** True when the coupon can discount a checkout in `currencyId` (percent coupons always can). */
export function couponUsableIn(coupon: CouponTerms, currencyId: string): boolean {
  return coupon.percent_off !== null || amountOffFor(coupon, currencyId) !== null;
}

export function couponAppliesToProduct(coupon: CouponTerms, productId: string): boolean {
  const products = coupon.applies_to_products;
  return !products || products.length === 0 || products.includes(productId);
}

/** Splits `total` over `weights` in proportion, exactly: the parts sum to `total`. */
export function spreadProportionally(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts;
}

/**
 * The discount of each line, in order. Lines the coupon does not apply to get 0. An amount_off
 * coupon without an amount in `currencyId` discounts nothing (callers refuse it before this).
 */
export function lineDiscounts(
  lines: readonly DiscountableLine[],
  coupon: CouponTerms | null,
  currencyId: string,
): bigint[] {
  if (!coupon) return lines.map(() => 0n);
  for (const line of lines) if (line.amount < 0n) throw new RangeError('a line amount is never negative');
  const eligible = lines.map((line) => (couponAppliesToProduct(coupon, line.productId) ? line.amount : 0n));
  if (coupon.percent_off !== null) {
    const percent = requirePercent(coupon.percent_off);
    return eligible.map((amount) => percentOf(amount, percent));
  }
  const amountOff = amountOffFor(coupon, currencyId);
  if (amountOff === null) return lines.map(() => 0n);
  if (amountOff < 0n) throw new RangeError('amount_off is never negative');
  const eligibleSum = eligible.reduce((a, b) => a + b, 0n);
  const cap = amountOff < eligibleSum ? amountOff : eligibleSum;
  return spreadProportionally(cap, eligible);
}
