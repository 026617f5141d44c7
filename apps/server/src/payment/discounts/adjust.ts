// A checkout's or invoice's lines with its coupon and tax rates applied (the money rules of
// @payshelf/money: the discount first, then each line's taxes on its discounted amount, half up).
// A line's tax rates are its price's own when it has any, else the checkout's or subscription's.
import { adjustLines, amountOffFor, type AdjustedTotals } from '@payshelf/money';
import type { StoredBreakdown } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { getCoupon, getPromotionCode, getTaxRates, type CouponRow, type TaxRateRow } from './repo.js';
import { couponTerms, taxRateTerms } from './serialize.js';

export interface Adjustments {
  coupon: CouponRow | null;
  /** The code the coupon came from, shown beside the discount. */
  promotionCode: { id: string; code: string } | null;
  /** Every tax rate a line may use, by id. */
  rates: Map<string, TaxRateRow>;
  /** The rates of lines whose price has none of its own. */
  defaultRateIds: readonly string[];
}

export interface PricedLine {
  productId: string;
  /** The price's own tax rates (empty: the defaults). */
  taxRateIds: readonly string[];
  amount: bigint;
}

export const NO_ADJUSTMENTS: Adjustments = {
  coupon: null,
  promotionCode: null,
  rates: new Map(),
  defaultRateIds: [],
};

/** Loads the coupon and every tax rate the lines and the defaults name. */
export async function loadAdjustments(
  db: Db,
  livemode: boolean,
  input: {
    couponId: string | null;
    promotionCodeId: string | null;
    defaultRateIds: readonly string[];
    priceRateIds: readonly string[];
  },
): Promise<Adjustments> {
  const ids = [...new Set([...input.defaultRateIds, ...input.priceRateIds])];
  if (!input.couponId && ids.length === 0) return NO_ADJUSTMENTS;
  const coupon = input.couponId ? await getCoupon(db, input.couponId, livemode) : null;
  const code = input.promotionCodeId ? await getPromotionCode(db, input.promotionCodeId, livemode) : null;
  const rates = new Map((await getTaxRates(db, ids, livemode)).map((r) => [r.id, r]));
  return {
    coupon,
    promotionCode: code ? { id: code.id, code: code.code } : null,
    rates,
    defaultRateIds: input.defaultRateIds,
  };
}

export interface Adjusted {
  totals: AdjustedTotals;
  breakdown: StoredBreakdown;
}

/** The lines' totals with the discount and taxes, and the breakdown shown on the page and invoice. */
export function adjust(lines: readonly PricedLine[], a: Adjustments, currencyId: string): Adjusted {
  const ratesOf = (line: PricedLine) =>
    (line.taxRateIds.length > 0 ? line.taxRateIds : a.defaultRateIds).flatMap((id) => {
      const rate = a.rates.get(id);
      return rate ? [taxRateTerms(rate)] : [];
    });
  const totals = adjustLines(
    lines.map((l) => ({ productId: l.productId, amount: l.amount, taxRates: ratesOf(l) })),
    a.coupon ? couponTerms(a.coupon) : null,
    currencyId,
  );
  const breakdown: StoredBreakdown = {
    discounts: a.coupon
      ? [
          {
            amount: totals.discount.toString(),
            coupon_id: a.coupon.id,
            name: a.coupon.name,
            percent_off: a.coupon.percentOff,
            amount_off: amountOffFor(couponTerms(a.coupon), currencyId)?.toString() ?? null,
            promotion_code_id: a.promotionCode?.id ?? null,
            code: a.promotionCode?.code ?? null,
          },
        ]
      : [],
    taxes: totals.taxes.map((t) => {
      const rate = a.rates.get(t.taxRateId);
      return {
        amount: t.amount.toString(),
        tax_rate_id: t.taxRateId,
        display_name: rate?.displayName ?? '',
        percentage: rate?.percentage ?? '0',
        inclusive: t.inclusive,
      };
    }),
  };
  return { totals, breakdown };
}
