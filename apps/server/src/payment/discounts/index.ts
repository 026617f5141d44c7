// Coupons, promotion codes and tax rates: the merchant API, and what checkout and billing ask of them.
export {
  adjust,
  loadAdjustments,
  NO_ADJUSTMENTS,
  type Adjusted,
  type Adjustments,
  type PricedLine,
} from './adjust.js';
export { discountMerchantRoutes } from './routes.js';
export { checkTaxRateIds, createCoupon, createPromotionCode } from './service.js';
export { serializeCoupon, couponTerms, couponValidity } from './serialize.js';
export {
  getCoupon,
  findPromotionCode,
  getPromotionCode,
  type CouponRow,
  type PromotionCodeRow,
} from './repo.js';
export {
  checkCode,
  redeem,
  refusal,
  releaseRedemption,
  reserveRedemption,
  type Buyer,
  type DiscountedSale,
} from './redeem.js';
