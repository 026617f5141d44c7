import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every on-chain transfer a rail accepted. The unique (network, tx_hash, log_index) is what makes a
 * transaction count once, whichever intent, process or retry presents it again.
 */
export const railTransactions = pgTable(
  'rail_transactions',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    rail: text({ enum: ['evm', 'bitcoin', 'arcblock', 'stripe'] }).notNull(),
    /** CAIP-2 network id, e.g. eip155:8453. */
    chainId: text().notNull(),
    txHash: text().notNull(),
    /** The transfer inside the transaction: an ERC-20 Transfer log index, or -1 for the native value. */
    logIndex: integer().notNull(),
    /** What it paid for: the payment intent (or refund) id. */
    reference: text().notNull(),
    payer: text().notNull(),
    recipient: text().notNull(),
    /** 'native' or the token contract (lower case). */
    asset: text().notNull(),
    amount: numeric({ precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    blockNumber: bigint({ mode: 'bigint' }).notNull(),
    blockHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rail_transactions_once').on(t.chainId, t.txHash, t.logIndex),
    index('rail_transactions_reference').on(t.reference),
  ],
);
