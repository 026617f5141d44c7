import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Events are rows first (written in the transaction of the change), then webhooks, then sockets. */
export const events = pgTable(
  'events',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    type: text().notNull(),
    objectId: text().notNull(),
    data: jsonb().$type<{ object: unknown; previous_attributes?: unknown }>().notNull(),
    requestIdempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_list').on(t.livemode, t.createdAt, t.id), index('events_object').on(t.objectId)],
);

/** Settings records (donation settings per mount location, notification settings). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    type: text({ enum: ['donate', 'notification'] }).notNull(),
    mountLocation: text().notNull(),
    description: text(),
    componentDid: text(),
    active: boolean().notNull().default(false),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_settings_mount').on(t.livemode, t.mountLocation, t.type)],
);
