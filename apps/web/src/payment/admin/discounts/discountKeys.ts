import type { discountsEn } from '../i18n/discountsEn';

type Strings = typeof discountsEn;
/** The plain (not nested) strings of each page, so a page's short `t` helper takes only real keys. */
type Flat<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export type CouponKey = Flat<Strings['coupons']>;
export type CodeKey = Flat<Strings['promotionCodes']>;
export type RateKey = Flat<Strings['taxRates']>;
