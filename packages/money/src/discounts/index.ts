// Coupons, promotion codes and manual tax rates: discount first, then tax on the discounted amount.
export * from './percent.js';
export * from './coupon.js';
export * from './tax.js';
export * from './totals.js';
export * from './duration.js';
export * from './promotion.js';
