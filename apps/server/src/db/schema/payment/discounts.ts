import type { TotalBreakdown } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';

/** A currency's amount_off of a coupon (smallest units as a decimal string). */
export interface StoredCouponOption {
  currency_id: string;
  amount_off: string;
}

/** What a discount and each tax rate came to on a checkout or invoice (the API's total_details.breakdown). */
export type StoredBreakdown = TotalBreakdown;

/** Coupons (as Stripe's): their terms never change after creation; only name, metadata and valid do. */
export const coupons = pgTable(
  'coupons',
  {
    ...objectColumns(),
    name: text(),
    /** Exact decimal text, e.g. "12.5"; null for an amount_off coupon. */
    percentOff: text(),
    amountOff: amount(),
    currencyId: text(),
    currencyOptions: jsonb().$type<StoredCouponOption[]>().notNull().default([]),
    duration: text({ enum: ['once', 'repeating', 'forever'] }).notNull(),
    durationInMonths: integer(),
    maxRedemptions: integer(),
    /** Redemptions reserved by submitted checkouts and completed ones (released on expiry). */
    timesRedeemed: integer().notNull().default(0),
    redeemBy: timestamp({ withTimezone: true }),
    appliesToProducts: jsonb().$type<string[]>(),
    /** False once archived. */
    valid: boolean().notNull().default(true),
  },
  (t) => [
    index('coupons_list').on(t.livemode, t.createdAt, t.id),
    check(
      'coupons_redemptions_within_max',
      sql`${t.maxRedemptions} IS NULL OR ${t.timesRedeemed} <= ${t.maxRedemptions}`,
    ),
    check('coupons_redemptions_not_negative', sql`${t.timesRedeemed} >= 0`),
  ],
);

export const promotionCodes = pgTable(
  'promotion_codes',
  {
    ...objectColumns(),
    code: text().notNull(),
    couponId: text()
      .notNull()
      .references(() => coupons.id),
    active: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    timesRedeemed: integer().notNull().default(0),
    firstTimeTransaction: boolean().notNull().default(false),
    minimumAmount: amount(),
    minimumAmountCurrencyId: text(),
    perCustomerLimit: integer(),
  },
  (t) => [
    index('promotion_codes_list').on(t.livemode, t.createdAt, t.id),
    // A code is unique per mode whatever its case: customers type it.
    uniqueIndex('promotion_codes_code').on(t.livemode, sql`lower(${t.code})`),
    check(
      'promotion_codes_redemptions_within_max',
      sql`${t.maxRedemptions} IS NULL OR ${t.timesRedeemed} <= ${t.maxRedemptions}`,
    ),
    check('promotion_codes_redemptions_not_negative', sql`${t.timesRedeemed} >= 0`),
  ],
);

export const taxRates = pgTable(
  'tax_rates',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    displayName: text().notNull(),
    description: text(),
    /** Exact decimal text, e.g. "8.875"; never changes after creation. */
    percentage: text().notNull(),
    inclusive: boolean().notNull(),
    jurisdiction: text(),
    country: text(),
    state: text(),
  },
  (t) => [index('tax_rates_list').on(t.livemode, t.createdAt, t.id)],
);

/**
 * One redemption per checkout session: reserved at submit (counted against max_redemptions then),
 * redeemed at completion, deleted (and the counts given back) when the session expires or the code is
 * removed before completion.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    couponId: text().notNull(),
    promotionCodeId: text(),
    customerId: text(),
    checkoutSessionId: text().notNull(),
    status: text({ enum: ['reserved', 'redeemed'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_session').on(t.checkoutSessionId),
    index('coupon_redemptions_code_customer').on(t.promotionCodeId, t.customerId),
  ],
);
