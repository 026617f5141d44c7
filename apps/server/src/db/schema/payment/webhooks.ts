import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { objectColumns } from './columns.js';

/**
 * Where a merchant receives events. The signing secret is shown once at creation; HMAC signing needs
 * the secret itself, so it is kept encrypted (AES-256-GCM under a key derived from the app's secret
 * key), never in clear and never answered again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...objectColumns(),
    url: text().notNull(),
    description: text(),
    /** Event types, or ['*'] for every event. */
    enabledEvents: jsonb().$type<string[]>().notNull(),
    status: text({ enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    secretCiphertext: text().notNull(),
    /** `whsec_…wxyz`: enough to recognise the secret. */
    secretRedacted: text().notNull(),
  },
  (t) => [
    index('webhook_endpoints_list').on(t.livemode, t.createdAt, t.id),
    index('webhook_endpoints_enabled')
      .on(t.livemode)
      .where(sql`${t.status} = 'enabled'`),
  ],
);

/**
 * One row per (event, endpoint): the unique key makes a delivery exist once however often the fan-out
 * runs. It ends `succeeded`, `failed` (three days of retries used up) or `canceled` (the endpoint was
 * disabled before it succeeded).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    eventType: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId)],
);

/** Every HTTP request made for a delivery, as the endpoint's detail page lists them. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    attempt: integer().notNull(),
    status: text({ enum: ['succeeded', 'failed'] }).notNull(),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    durationMs: integer().notNull(),
    nextRetryAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_attempts_delivery_attempt').on(t.deliveryId, t.attempt),
    index('webhook_attempts_endpoint').on(t.endpointId, t.createdAt, t.id),
  ],
);
