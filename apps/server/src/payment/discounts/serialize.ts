import type { Coupon, Metadata, PromotionCode, TaxRate } from '@payshelf/api';
import { couponRedeemable, type CouponTerms, type TaxRateTerms } from '@payshelf/money';
import { iso, isoOrNull } from '../shared/time.js';
import type { CouponRow, PromotionCodeRow, TaxRateRow } from './repo.js';

export function serializeCoupon(row: CouponRow, now = new Date()): Coupon {
  return {
    id: row.id,
    object: 'coupon',
    livemode: row.livemode,
    name: row.name,
    percent_off: row.percentOff,
    amount_off: row.amountOff === null ? null : row.amountOff.toString(),
    currency_id: row.currencyId,
    currency_options: row.currencyOptions,
    duration: row.duration,
    duration_in_months: row.durationInMonths,
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
    redeem_by: isoOrNull(row.redeemBy),
    applies_to: row.appliesToProducts ? { products: row.appliesToProducts } : null,
    valid: couponRedeemable(couponValidity(row), now),
    metadata: row.metadata as Metadata,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializePromotionCode(row: PromotionCodeRow, coupon?: CouponRow): PromotionCode {
  return {
    id: row.id,
    object: 'promotion_code',
    livemode: row.livemode,
    code: row.code,
    coupon_id: row.couponId,
    ...(coupon ? { coupon: serializeCoupon(coupon) } : {}),
    active: row.active,
    expires_at: isoOrNull(row.expiresAt),
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
    restrictions: {
      first_time_transaction: row.firstTimeTransaction,
      minimum_amount: row.minimumAmount === null ? null : row.minimumAmount.toString(),
      minimum_amount_currency_id: row.minimumAmountCurrencyId,
      per_customer_limit: row.perCustomerLimit,
    },
    metadata: row.metadata as Metadata,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializeTaxRate(row: TaxRateRow): TaxRate {
  return {
    id: row.id,
    object: 'tax_rate',
    livemode: row.livemode,
    active: row.active,
    display_name: row.displayName,
    description: row.description,
    percentage: row.percentage,
    inclusive: row.inclusive,
    jurisdiction: row.jurisdiction,
    country: row.country,
    state: row.state,
    metadata: row.metadata as Metadata,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The coupon's terms for the money rules. */
export function couponTerms(row: CouponRow): CouponTerms {
  return {
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    currency_id: row.currencyId,
    currency_options: row.currencyOptions.map((o) => ({
      currency_id: o.currency_id,
      amount_off: BigInt(o.amount_off),
    })),
    applies_to_products: row.appliesToProducts,
  };
}

export function couponValidity(row: CouponRow) {
  return {
    valid: row.valid,
    redeem_by: row.redeemBy,
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
  };
}

export function taxRateTerms(row: TaxRateRow): TaxRateTerms {
  return { id: row.id, percentage: row.percentage, inclusive: row.inclusive };
}
