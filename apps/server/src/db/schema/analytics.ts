import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const ANALYTICS_KINDS = ['pv', 'evt'] as const;

/**
 * Page views (`pv`, keyed by path) and events (`evt`, keyed by name) counted per UTC day. Nothing about
 * the visitor is kept: no cookie, no IP address, no user agent, no user id.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ANALYTICS_KINDS }).notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.name] }),
    index('analytics_daily_kind_day').on(t.kind, t.day),
  ],
);
