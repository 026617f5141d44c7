import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Accounts a customer proved they control (payment/payers): fast pay pulls only from one of these,
 * and only for the customer who proved it. `rail` is the rail kind ('evm': one key controls the
 * address on every EVM chain); `address` is the rail's canonical spelling (EVM: checksummed).
 */
export const payerAccounts = pgTable(
  'payer_accounts',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    rail: text().notNull(),
    address: text().notNull(),
    /** 'signature': signed a server challenge; 'did-connect': the customer's own wallet paid from it. */
    how: text({ enum: ['signature', 'did-connect'] }).notNull(),
    provedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payer_accounts_customer_address').on(t.customerId, t.rail, t.address)],
);

/** One-time challenges a customer's wallet signs to prove an address (valid for a few minutes). */
export const payerChallenges = pgTable(
  'payer_challenges',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    rail: text().notNull(),
    address: text().notNull(),
    message: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('payer_challenges_customer').on(t.customerId)],
);
