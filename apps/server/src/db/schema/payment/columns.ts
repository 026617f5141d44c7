import { boolean, jsonb, numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** Money: an integer count of the currency's smallest unit, exact up to 78 digits. */
export const amount = () => numeric({ precision: 78, scale: 0, mode: 'bigint' });

/** Columns every payment object has: a prefixed id, its mode, metadata and times. */
export const objectColumns = () => ({
  id: text().primaryKey(),
  livemode: boolean().notNull(),
  metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
