// Whether a promotion code may be used now, by this customer, on this checkout (Stripe's
// restrictions). The first failed rule is the answer; null means the code is usable.
import { couponUsableIn, type CouponTerms } from './coupon.js';

export type PromotionRefusal =
  | 'inactive'
  | 'expired'
  | 'max_redemptions'
  | 'coupon_invalid'
  | 'currency'
  | 'first_time_transaction'
  | 'minimum_amount'
  | 'customer_limit';

export interface PromotionTerms {
  active: boolean;
  expires_at: Date | null;
  max_redemptions: number | null;
  times_redeemed: number;
  /** Only customers who have never paid before. */
  first_time_transaction: boolean;
  /** The checkout subtotal (before discount) must reach this, in minimum_amount_currency_id. */
  minimum_amount: bigint | null;
  minimum_amount_currency_id: string | null;
  /** How often one customer may redeem the code; null: no limit. */
  per_customer_limit: number | null;
}

export interface CouponValidity {
  valid: boolean;
  redeem_by: Date | null;
  max_redemptions: number | null;
  times_redeemed: number;
}

export interface PromotionUse {
  now: Date;
  currencyId: string;
  /** Checkout subtotal before any discount. */
  subtotal: bigint;
  /** Null when the customer is not known yet (the rules that need one are checked at completion). */
  customer: { hasPaidBefore: boolean; redemptionsOfCode: number } | null;
}

/** A coupon can be redeemed: not archived, before redeem_by, below its max_redemptions. */
export function couponRedeemable(coupon: CouponValidity, now: Date): boolean {
  if (!coupon.valid) return false;
  if (coupon.redeem_by && now.getTime() >= coupon.redeem_by.getTime()) return false;
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}

export function checkPromotion(
  code: PromotionTerms,
  coupon: CouponTerms & CouponValidity,
  use: PromotionUse,
): PromotionRefusal | null {
  if (!code.active) return 'inactive';
  if (code.expires_at && use.now.getTime() >= code.expires_at.getTime()) return 'expired';
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) return 'max_redemptions';
  if (!couponRedeemable(coupon, use.now)) return 'coupon_invalid';
  if (!couponUsableIn(coupon, use.currencyId)) return 'currency';
  if (code.minimum_amount !== null) {
    if (code.minimum_amount_currency_id !== use.currencyId) return 'currency';
    if (use.subtotal < code.minimum_amount) return 'minimum_amount';
  }
  if (use.customer) {
    if (code.first_time_transaction && use.customer.hasPaidBefore) return 'first_time_transaction';
    if (code.per_customer_limit !== null && use.customer.redemptionsOfCode >= code.per_customer_limit) {
      return 'customer_limit';
    }
  }
  return null;
}
