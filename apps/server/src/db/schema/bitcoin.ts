import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The receive address the Bitcoin rail derived for each payment from a method's watch-only BIP84 key:
 * one derivation index per payment, never handed out twice (unique per key), so a transfer to an
 * address names its payment. `key_id` is a hash of the extended public key (a new key starts at 0).
 */
export const bitcoinAddresses = pgTable(
  'bitcoin_addresses',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    keyId: text().notNull(),
    derivationIndex: integer().notNull(),
    address: text().notNull(),
    /** The payment (intent id) or refund the address was derived for. */
    reference: text().notNull(),
    /** When a transaction paying the address was first seen (the gap limit counts unseen addresses). */
    seenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bitcoin_addresses_index').on(t.keyId, t.derivationIndex),
    uniqueIndex('bitcoin_addresses_reference').on(t.keyId, t.reference),
    uniqueIndex('bitcoin_addresses_address').on(t.address),
    index('bitcoin_addresses_seen').on(t.keyId, t.seenAt),
  ],
);
