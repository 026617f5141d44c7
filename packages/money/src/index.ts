// @payshelf/money: exact bigint amounts and the pure billing rules shared by server and web.

export * from './errors.js';
export * from './amount.js';
export * from './interval.js';
export * from './price.js';
export * from './tiers.js';
export * from './lineitems.js';
export * from './upsell.js';
export * from './quantity.js';
export * from './donation.js';
export * from './trial.js';
export * from './billing/index.js';
export * from './allowance.js';
export * from './discounts/index.js';
