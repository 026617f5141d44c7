import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Secret API keys: only the SHA-256 of the key is stored; the key is shown once at creation. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(),
    livemode: boolean().notNull(),
    name: text().notNull(),
    secretHash: text().notNull(),
    /** `sk_test_…wxyz`: enough to recognise a key, useless to an attacker. */
    redacted: text().notNull(),
    /** 'env' for the key registered from PAYMENT_TEST_SECRET_KEY, else 'admin'. */
    source: text({ enum: ['admin', 'env'] })
      .notNull()
      .default('admin'),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash').on(t.secretHash),
    index('api_keys_list').on(t.livemode, t.createdAt),
  ],
);

/**
 * One row per Idempotency-Key of a mutating merchant call, scoped by API key and mode. The request
 * hash tells a replay (same request: answer again) from a reuse (different request: refuse).
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    apiKeyId: text().notNull(),
    livemode: boolean().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** Null while the first request is still running. */
    statusCode: integer(),
    responseBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_records_key').on(t.apiKeyId, t.livemode, t.key),
    index('idempotency_records_created').on(t.createdAt),
    index('idempotency_records_pending')
      .on(t.createdAt)
      .where(sql`${t.statusCode} IS NULL`),
  ],
);
