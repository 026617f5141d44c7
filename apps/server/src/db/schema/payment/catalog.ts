import type { CurrencyOption, CustomUnitAmount, PriceTier } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';

export const products = pgTable(
  'products',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    name: text().notNull(),
    description: text(),
    images: jsonb().$type<string[]>().notNull().default([]),
    type: text({ enum: ['service', 'good', 'credit'] }).notNull(),
    unitLabel: text(),
    statementDescriptor: text(),
    features: jsonb().$type<Array<{ name: string }>>().notNull().default([]),
    /** Offer another price beside this product at checkout. */
    crossSellsToId: text(),
  },
  (t) => [index('products_list').on(t.livemode, t.createdAt, t.id)],
);

export const prices = pgTable(
  'prices',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    productId: text()
      .notNull()
      .references(() => products.id),
    type: text({ enum: ['one_time', 'recurring'] }).notNull(),
    currencyId: text().notNull(),
    unitAmount: amount().notNull(),
    billingScheme: text({ enum: ['per_unit', 'tiered'] })
      .notNull()
      .default('per_unit'),
    tiersMode: text({ enum: ['graduated', 'volume'] }),
    /** Amounts inside JSON are decimal strings of smallest units. */
    tiers: jsonb().$type<PriceTier[]>(),
    customUnitAmount: jsonb().$type<CustomUnitAmount>(),
    currencyOptions: jsonb().$type<CurrencyOption[]>().notNull().default([]),
    recurringInterval: text({ enum: ['hour', 'day', 'week', 'month', 'year'] }),
    recurringIntervalCount: integer(),
    recurringUsageType: text({ enum: ['licensed', 'metered'] }),
    recurringMeterId: text(),
    /** Metered prices: how a period's usage records add up (sum; last_during_period: the last one). */
    recurringAggregateUsage: text({ enum: ['sum', 'last_during_period'] }),
    upsellsToId: text(),
    /**
     * Customers may switch their subscription to this price in the portal (besides the other prices
     * of their own product), when its interval and currency fit the subscription.
     */
    switchable: boolean().notNull().default(false),
    /** 0 means unlimited stock / no per-checkout limit. */
    quantityAvailable: integer().notNull().default(0),
    quantitySold: integer().notNull().default(0),
    /** Units held by open, submitted checkouts (payment/catalog/stock.ts); sold + reserved <= available. */
    quantityReserved: integer().notNull().default(0),
    quantityLimitPerCheckout: integer().notNull().default(0),
    nickname: text(),
    lookupKey: text(),
    /** Tax rates (txr_) applied to this price wherever it is sold. */
    taxRateIds: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('prices_list').on(t.livemode, t.createdAt, t.id),
    index('prices_product').on(t.productId),
    check('prices_quantity_sold_not_negative', sql`${t.quantitySold} >= 0`),
    check('prices_quantity_reserved_not_negative', sql`${t.quantityReserved} >= 0`),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    type: text({ enum: ['arcblock', 'ethereum', 'base', 'bitcoin', 'stripe'] }).notNull(),
    name: text().notNull(),
    description: text(),
    logo: text(),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    features: jsonb()
      .$type<{ recurring: boolean; refund: boolean; dispute: boolean }>()
      .notNull()
      .default({ recurring: false, refund: false, dispute: false }),
    confirmation: jsonb()
      .$type<{ type: 'immediate' | 'callback' | 'block'; block?: number }>()
      .notNull()
      .default({ type: 'immediate' }),
  },
  (t) => [index('payment_methods_list').on(t.livemode, t.createdAt, t.id)],
);

export const paymentCurrencies = pgTable(
  'payment_currencies',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    paymentMethodId: text()
      .notNull()
      .references(() => paymentMethods.id),
    symbol: text().notNull(),
    name: text().notNull(),
    decimal: integer().notNull(),
    maximumPrecision: integer().notNull().default(6),
    logo: text(),
    contract: text(),
    type: text({ enum: ['standard', 'credit'] })
      .notNull()
      .default('standard'),
    minimumPaymentAmount: amount()
      .notNull()
      .default(sql`0`),
    maximumPaymentAmount: amount(),
    isBaseCurrency: boolean().notNull().default(false),
  },
  (t) => [index('payment_currencies_list').on(t.livemode, t.createdAt, t.id)],
);
