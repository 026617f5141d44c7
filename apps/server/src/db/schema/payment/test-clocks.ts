import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Test mode only: a simulated time. Customers and subscriptions attached to a clock live in its time;
 * advancing it runs, in order, everything that falls due up to the new frozen time (billing/clocks).
 */
export const testClocks = pgTable(
  'test_clocks',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull().default(false),
    name: text(),
    frozenTime: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['ready', 'advancing'] })
      .notNull()
      .default('ready'),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_clocks_list').on(t.livemode, t.createdAt, t.id)],
);
