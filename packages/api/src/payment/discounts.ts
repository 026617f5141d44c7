// Coupons, promotion codes and manual tax rates (as Stripe's): the objects, their create and update
// bodies, and the discount and tax breakdown a checkout or invoice carries.
import { z } from 'zod';
import { amountString } from '../common.js';
import { metadata, objectId, timestamp } from './common.js';

/** An exact decimal percentage between 0 and 100 with at most 6 fractional digits, e.g. "12.5". */
export const percentString = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,6})?$/, 'must be a decimal percentage such as "12.5"')
  .refine((v) => Number.parseFloat(v) <= 100, 'must be at most 100');

export const couponDuration = z.enum(['once', 'repeating', 'forever']);
const count = z.number().int().min(1).max(1_000_000_000);
const name = z.string().trim().min(1).max(250);

export const couponCurrencyOption = z.object({ currency_id: objectId('pc'), amount_off: amountString });

export const coupon = z.object({
  id: z.string(),
  object: z.literal('coupon'),
  livemode: z.boolean(),
  name: z.string().nullable(),
  percent_off: z.string().nullable(),
  amount_off: amountString.nullable(),
  currency_id: z.string().nullable(),
  currency_options: z.array(couponCurrencyOption),
  duration: couponDuration,
  duration_in_months: z.number().int().nullable(),
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  redeem_by: timestamp.nullable(),
  applies_to: z.object({ products: z.array(z.string()) }).nullable(),
  /** False once archived, past redeem_by or fully redeemed. */
  valid: z.boolean(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Coupon = z.infer<typeof coupon>;

export const couponCreate = z
  .strictObject({
    name: name.optional(),
    percent_off: percentString.refine((v) => Number.parseFloat(v) > 0, 'must be above 0').optional(),
    amount_off: amountString.refine((v) => BigInt(v) > 0n, 'must be above 0').optional(),
    currency_id: objectId('pc').optional(),
    currency_options: z.array(couponCurrencyOption).max(20).optional(),
    duration: couponDuration.default('once'),
    duration_in_months: z.number().int().min(1).max(1200).optional(),
    max_redemptions: count.optional(),
    redeem_by: timestamp.optional(),
    applies_to: z.strictObject({ products: z.array(objectId('prod')).min(1).max(100) }).optional(),
    metadata: metadata.optional(),
  })
  .refine((c) => (c.percent_off === undefined) !== (c.amount_off === undefined), {
    message: 'send exactly one of percent_off and amount_off',
    path: ['percent_off'],
  })
  .refine((c) => c.amount_off === undefined || c.currency_id !== undefined, {
    message: 'amount_off needs currency_id',
    path: ['currency_id'],
  })
  .refine((c) => (c.duration === 'repeating') === (c.duration_in_months !== undefined), {
    message: 'duration_in_months is required for, and only for, a repeating coupon',
    path: ['duration_in_months'],
  });
export type CouponCreate = z.infer<typeof couponCreate>;
/** Only the name and metadata of a coupon change; its terms are fixed once created (as Stripe's). */
export const couponUpdate = z.strictObject({ name: name.optional(), metadata: metadata.optional() });
export type CouponUpdate = z.infer<typeof couponUpdate>;

export const promotionCodeRestrictions = z.object({
  first_time_transaction: z.boolean(),
  minimum_amount: amountString.nullable(),
  minimum_amount_currency_id: z.string().nullable(),
  /** How many times one customer may redeem the code (null: no limit). */
  per_customer_limit: z.number().int().nullable(),
});

export const promotionCode = z.object({
  id: z.string(),
  object: z.literal('promotion_code'),
  livemode: z.boolean(),
  code: z.string(),
  coupon_id: z.string(),
  coupon: coupon.optional(),
  active: z.boolean(),
  expires_at: timestamp.nullable(),
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  restrictions: promotionCodeRestrictions,
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type PromotionCode = z.infer<typeof promotionCode>;

/** Letters, digits, '-' and '_' (customers type it; compared without case). */
export const promotionCodeText = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,50}$/, 'letters, digits, - and _ only, at most 50');

export const promotionCodeCreate = z
  .strictObject({
    coupon_id: objectId('coupon'),
    code: promotionCodeText,
    active: z.boolean().optional(),
    expires_at: timestamp.optional(),
    max_redemptions: count.optional(),
    restrictions: z
      .strictObject({
        first_time_transaction: z.boolean().optional(),
        minimum_amount: amountString.optional(),
        minimum_amount_currency_id: objectId('pc').optional(),
        per_customer_limit: count.optional(),
      })
      .optional(),
    metadata: metadata.optional(),
  })
  .refine(
    (c) =>
      (c.restrictions?.minimum_amount === undefined) ===
      (c.restrictions?.minimum_amount_currency_id === undefined),
    { message: 'minimum_amount and minimum_amount_currency_id go together', path: ['restrictions'] },
  );
export type PromotionCodeCreate = z.infer<typeof promotionCodeCreate>;
export const promotionCodeUpdate = z.strictObject({
  active: z.boolean().optional(),
  metadata: metadata.optional(),
});
export type PromotionCodeUpdate = z.infer<typeof promotionCodeUpdate>;

export const taxRate = z.object({
  id: z.string(),
  object: z.literal('tax_rate'),
  livemode: z.boolean(),
  active: z.boolean(),
  display_name: z.string(),
  description: z.string().nullable(),
  percentage: z.string(),
  inclusive: z.boolean(),
  jurisdiction: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type TaxRate = z.infer<typeof taxRate>;

export const taxRateCreate = z.strictObject({
  display_name: z.string().trim().min(1).max(50),
  description: z.string().max(500).optional(),
  percentage: percentString,
  inclusive: z.boolean(),
  jurisdiction: z.string().max(50).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code')
    .optional(),
  state: z.string().max(50).optional(),
  active: z.boolean().optional(),
  metadata: metadata.optional(),
});
export type TaxRateCreate = z.infer<typeof taxRateCreate>;
/** The percentage and inclusive flag are fixed once created (as Stripe's): create a new rate instead. */
export const taxRateUpdate = z.strictObject({
  display_name: taxRateCreate.shape.display_name.optional(),
  description: z.string().max(500).nullable().optional(),
  jurisdiction: z.string().max(50).nullable().optional(),
  country: taxRateCreate.shape.country.unwrap().nullable().optional(),
  state: z.string().max(50).nullable().optional(),
  active: z.boolean().optional(),
  metadata: metadata.optional(),
});
export type TaxRateUpdate = z.infer<typeof taxRateUpdate>;

/** What the discount and each tax rate came to (Stripe's total_details.breakdown). */
export const totalBreakdown = z.object({
  discounts: z.array(
    z.object({
      amount: amountString,
      coupon_id: z.string(),
      name: z.string().nullable(),
      percent_off: z.string().nullable(),
      amount_off: amountString.nullable(),
      promotion_code_id: z.string().nullable(),
      code: z.string().nullable(),
    }),
  ),
  taxes: z.array(
    z.object({
      amount: amountString,
      tax_rate_id: z.string(),
      display_name: z.string(),
      percentage: z.string(),
      inclusive: z.boolean(),
    }),
  ),
});
export type TotalBreakdown = z.infer<typeof totalBreakdown>;

export const applyPromotionCodeBody = z.object({ code: promotionCodeText });
