// Coupons, promotion codes and tax rates (merchant, Payment Kit's path names), and applying or
// removing a promotion code on an open checkout (browser).
import { z } from 'zod';
import { checkoutSession } from '../payment/checkout.js';
import { browserQuery, listQuery } from '../payment/common.js';
import {
  applyPromotionCodeBody,
  coupon,
  couponCreate,
  couponUpdate,
  promotionCode,
  promotionCodeCreate,
  promotionCodeUpdate,
  taxRate,
  taxRateCreate,
  taxRateUpdate,
} from '../payment/discounts.js';
import { crud } from './crud.js';
import { route } from './define.js';

const id = z.string().max(100).optional();
const browser = { access: 'browser', tag: 'Checkout (browser)', query: browserQuery } as const;

export const discountRoutes = {
  coupons: crud({
    path: '/coupons',
    tag: 'Coupons',
    noun: 'coupon',
    object: coupon,
    createBody: couponCreate,
    updateBody: couponUpdate,
    listQuery: listQuery.extend({ valid: z.enum(['true', 'false']).optional() }),
    archive: true,
  }),
  promotionCodes: crud({
    path: '/promotion-codes',
    tag: 'Promotion codes',
    noun: 'promotion code',
    object: promotionCode,
    createBody: promotionCodeCreate,
    updateBody: promotionCodeUpdate,
    listQuery: listQuery.extend({ coupon_id: id, code: z.string().max(50).optional() }),
    archive: true,
  }),
  taxRates: crud({
    path: '/tax-rates',
    tag: 'Tax rates',
    noun: 'tax rate',
    object: taxRate,
    createBody: taxRateCreate,
    updateBody: taxRateUpdate,
    listQuery: listQuery.extend({ inclusive: z.enum(['true', 'false']).optional() }),
    archive: true,
  }),
  applyPromotionCode: route({
    ...browser,
    method: 'PUT',
    path: '/checkout-sessions/:id/promotion-code',
    summary:
      'Apply a promotion code to an open session (when it allows promotion codes); answers the updated session',
    body: applyPromotionCodeBody,
    response: checkoutSession,
  }),
  removePromotionCode: route({
    ...browser,
    method: 'DELETE',
    path: '/checkout-sessions/:id/promotion-code',
    summary: 'Remove the promotion code of an open session; answers the updated session',
    body: z.unknown(),
    response: checkoutSession,
  }),
};
