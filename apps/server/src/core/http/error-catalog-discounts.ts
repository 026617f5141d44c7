import type { CatalogEntry } from './error-catalog-entry.js';

const missing = <En extends string>(en: En, zh: string) =>
  ({ code: 'resource_missing', type: 'not_found_error', en, zh }) as const;
const refused = <En extends string>(en: En, zh: string) =>
  ({ code: 'promotion_code_invalid', en, zh }) as const;

/** Refusals of coupons, promotion codes and tax rates, and of a promotion code typed at checkout. */
export const DISCOUNT_MESSAGES = {
  coupon_missing: missing("No such coupon: '{id}'", "优惠券不存在：'{id}'"),
  promotion_code_missing: missing("No such promotion code: '{id}'", "优惠码不存在：'{id}'"),
  tax_rate_missing: missing("No such tax rate: '{id}'", "税率不存在：'{id}'"),
  tax_rate_inactive: { code: 'parameter_invalid', en: 'The tax rate is archived', zh: '该税率已归档' },
  coupon_not_valid: { code: 'parameter_invalid', en: 'The coupon is no longer valid', zh: '该优惠券已失效' },
  promotion_code_exists: {
    code: 'promotion_code_exists',
    en: 'A promotion code with this code already exists',
    zh: '已存在相同的优惠码',
  },
  promotion_codes_not_allowed: {
    code: 'promotion_codes_not_allowed',
    en: 'This checkout does not accept promotion codes',
    zh: '该订单不接受优惠码',
  },
  promo_unknown: refused('No such promotion code', '优惠码不存在'),
  promo_inactive: refused('This promotion code is not active', '该优惠码未启用'),
  promo_expired: refused('This promotion code has expired', '该优惠码已过期'),
  promo_max_redemptions: refused('This promotion code has been fully redeemed', '该优惠码已被领完'),
  promo_coupon_invalid: refused('This promotion code is no longer valid', '该优惠码已失效'),
  promo_currency: refused('This promotion code cannot be used in this currency', '该优惠码不适用于此币种'),
  promo_first_time_transaction: refused(
    'This promotion code is for first-time customers only',
    '该优惠码仅限首次购买的客户使用',
  ),
  promo_minimum_amount: refused(
    "The order does not reach this promotion code's minimum amount",
    '订单金额未达到该优惠码的最低消费',
  ),
  promo_customer_limit: refused('You have already used this promotion code', '您已使用过该优惠码'),
} as const satisfies Record<string, CatalogEntry>;
