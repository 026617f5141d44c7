// A period invoice's discount and taxes: the subscription's coupon while its duration lasts (once: the
// first invoice; repeating: invoices issued before start + duration_in_months; forever), and the tax
// rates of each line's price or else the subscription's. The lines stay as billed; the invoice's total
// is the adjusted one (money rules: discount first, then tax half up per line).
import { discountApplies } from '@payshelf/money';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema/index.js';
import { adjust, loadAdjustments, type Adjusted } from '../../discounts/index.js';
import type { DbLike } from '../../shared/db.js';
import type { SubscriptionRow } from '../repo.js';
import type { BilledLine, PricedItem } from './lines.js';

/** True when a subscription's invoices need the adjusted totals (it has a coupon or a tax rate). */
export function isAdjusted(sub: SubscriptionRow, priced: readonly PricedItem[]): boolean {
  return (
    sub.couponId !== null || sub.taxRateIds.length > 0 || priced.some((p) => p.price.taxRateIds.length > 0)
  );
}

/** The invoice's adjusted totals at `now`, or null when nothing adjusts it. */
export async function periodAdjustment(
  tx: DbLike,
  sub: SubscriptionRow,
  priced: readonly PricedItem[],
  lines: readonly BilledLine[],
  now: Date,
): Promise<Adjusted | null> {
  if (!isAdjusted(sub, priced)) return null;
  const adjustments = await loadAdjustments(tx, sub.livemode, {
    couponId: sub.couponId,
    promotionCodeId: sub.promotionCodeId,
    defaultRateIds: sub.taxRateIds,
    priceRateIds: [...new Set(priced.flatMap((p) => p.price.taxRateIds))],
  });
  const coupon = adjustments.coupon;
  const active =
    coupon !== null &&
    discountApplies(
      { duration: coupon.duration, duration_in_months: coupon.durationInMonths },
      sub.discountStart ?? sub.startDate,
      now,
      sub.discountInvoices,
    );
  const byPrice = new Map(priced.map((p) => [p.priceId, p.price]));
  const priceLines = lines.map((l) => {
    const price = byPrice.get(l.priceId);
    return { productId: price?.productId ?? '', taxRateIds: price?.taxRateIds ?? [], amount: l.amount };
  });
  // Proration credits (negative lines) are not discounted or taxed here: they pass through as they are.
  if (priceLines.some((l) => l.amount < 0n)) return null;
  return adjust(
    priceLines,
    active ? adjustments : { ...adjustments, coupon: null, promotionCode: null },
    sub.currencyId,
  );
}

/** One more invoice the subscription's discount applied to (a `once` coupon stops after it). */
export async function countDiscountedInvoice(
  tx: DbLike,
  sub: SubscriptionRow,
  adjusted: Adjusted | null,
): Promise<void> {
  if (!adjusted || adjusted.breakdown.discounts.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ discountInvoices: sql`${subscriptions.discountInvoices} + 1` })
    .where(eq(subscriptions.id, sub.id));
}
