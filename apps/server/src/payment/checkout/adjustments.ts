// A session's coupon and tax rates, and the columns its totals fill (one place for create, changes and
// currency moves, so a change of what is bought always recomputes the discount and taxes).
import { loadAdjustments, type Adjustments } from '../discounts/index.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { priceRateIds, type PriceMap, type SessionTotals } from '../line-items/index.js';

export interface AdjustedSession {
  livemode: boolean;
  couponId: string | null;
  promotionCodeId: string | null;
  taxRateIds: readonly string[];
}

export function sessionAdjustments(
  db: Db,
  row: AdjustedSession,
  items: StoredLineItem[],
  prices: PriceMap,
): Promise<Adjustments> {
  return loadAdjustments(db, row.livemode, {
    couponId: row.couponId,
    promotionCodeId: row.promotionCodeId,
    defaultRateIds: row.taxRateIds,
    priceRateIds: priceRateIds(items, prices),
  });
}

/** The session columns of its totals. */
export function totalColumns(t: SessionTotals) {
  return {
    amountSubtotal: t.subtotal,
    amountTotal: t.total,
    amountDiscount: t.discount,
    amountTax: t.tax,
    totalBreakdown: t.breakdown,
    paymentStatus: t.total === 0n ? ('no_payment_required' as const) : ('unpaid' as const),
  };
}
