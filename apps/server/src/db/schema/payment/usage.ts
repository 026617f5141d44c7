import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';

/**
 * A meter: what usage events of one name add up to per customer and period. `event_name` is unique
 * per mode; `currency_id` set makes it a credit meter (its events consume credit grants of that
 * currency).
 */
export const meters = pgTable(
  'meters',
  {
    ...objectColumns(),
    name: text().notNull(),
    eventName: text().notNull(),
    unit: text().notNull(),
    aggregationMethod: text({ enum: ['sum', 'count', 'last'] }).notNull(),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    currencyId: text(),
    description: text(),
  },
  (t) => [
    uniqueIndex('meters_event_name').on(t.livemode, t.eventName),
    index('meters_list').on(t.livemode, t.createdAt, t.id),
  ],
);

/**
 * One usage event. `identifier` is the idempotency key: unique per mode, so a repeat (in one batch,
 * a retry, another process) is inserted once and answered as a duplicate. `value` is a whole number
 * of the meter's unit.
 */
export const meterEvents = pgTable(
  'meter_events',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    meterId: text().notNull(),
    eventName: text().notNull(),
    identifier: text().notNull(),
    customerId: text().notNull(),
    subscriptionId: text(),
    value: amount().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull(),
    sourceData: jsonb().$type<Record<string, unknown>>(),
    status: text({ enum: ['pending', 'completed', 'requires_action'] })
      .notNull()
      .default('completed'),
    creditConsumed: amount()
      .notNull()
      .default(sql`0`),
    creditPending: amount()
      .notNull()
      .default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meter_events_identifier').on(t.livemode, t.identifier),
    index('meter_events_usage').on(t.meterId, t.customerId, t.timestamp),
    index('meter_events_list').on(t.livemode, t.createdAt, t.id),
    check('meter_events_value_not_negative', sql`${t.value} >= 0`),
  ],
);

/**
 * Per (meter, customer, UTC day): the sum and count of that day's events, written by the statement
 * that inserts the events, so a period's sum reads whole days here and only its partial first and last
 * days from the events. Append-only (one row per batch and key, no upsert, so concurrent batches never
 * wait on each other's rows); an hourly job folds a past day's rows into one.
 */
export const meterUsageDaily = pgTable(
  'meter_usage_daily',
  {
    meterId: text().notNull(),
    customerId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    total: amount().notNull(),
    count: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [index('meter_usage_daily_key').on(t.meterId, t.customerId, t.day)],
);

/**
 * Credit given to a customer in a credit currency. `remaining_amount` falls as meter events consume
 * it (under this row's lock, never below 0); `priority` (lower first) then `expires_at` (sooner
 * first, none last) order consumption. `scope_prices` empty = general credit.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    ...objectColumns(),
    name: text(),
    customerId: text().notNull(),
    currencyId: text().notNull(),
    amount: amount().notNull(),
    remainingAmount: amount().notNull(),
    category: text({ enum: ['paid', 'promotional'] }).notNull(),
    priority: integer().notNull().default(50),
    status: text({ enum: ['pending', 'granted', 'depleted', 'expired', 'voided'] }).notNull(),
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    scopePrices: jsonb().$type<string[]>().notNull().default([]),
    /** The checkout session (or invoice) a paid grant came from: one grant per source and price. */
    sourceId: text(),
    sourcePriceId: text(),
    subscriptionId: text(),
  },
  (t) => [
    index('credit_grants_customer').on(t.customerId, t.currencyId, t.status),
    index('credit_grants_list').on(t.livemode, t.createdAt, t.id),
    index('credit_grants_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'granted'`),
    uniqueIndex('credit_grants_source')
      .on(t.sourceId, t.sourcePriceId)
      .where(sql`${t.sourceId} IS NOT NULL`),
    check('credit_grants_remaining', sql`${t.remainingAmount} >= 0 AND ${t.remainingAmount} <= ${t.amount}`),
  ],
);

/** One consumption of one grant by one meter event, with the grant's remaining amount after it. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    ...objectColumns(),
    customerId: text().notNull(),
    currencyId: text().notNull(),
    creditGrantId: text().notNull(),
    creditAmount: amount().notNull(),
    remainingBalance: amount().notNull(),
    meterId: text(),
    meterEventId: text(),
    subscriptionId: text(),
    source: text().notNull(),
    description: text(),
  },
  (t) => [
    index('credit_transactions_customer').on(t.customerId, t.livemode, t.createdAt, t.id),
    index('credit_transactions_grant').on(t.creditGrantId),
    index('credit_transactions_list').on(t.livemode, t.createdAt, t.id),
  ],
);
