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
    rail: text().notNull(),
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

/**
 * Every attempt to move money for a payment intent, written before the money moves: a server-signed
 * transaction (fast-pay pull, the DID wallet's signed transfer the server broadcasts) is committed here
 * with its hash, nonce and raw bytes before it is sent, and a customer-sent one when its hash is
 * posted. The reconcile job (payment:reconcile-attempts) settles every `in_flight` row with the chain,
 * re-sending the same raw bytes when the chain never saw them: a retry never signs a second charge.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    paymentIntentId: text().notNull(),
    rail: text().notNull(),
    /** How the money moves: the customer's wallet sent it, the server broadcast what the wallet signed, or the server pulled it. */
    kind: text({ enum: ['wallet', 'broadcast', 'pull'] }).notNull(),
    /** CAIP-2 network id. */
    network: text().notNull(),
    txRef: text().notNull(),
    /** The signed transaction, when the server sends it (hex). */
    raw: text(),
    /** The signer's nonce of a server-signed transaction. */
    nonce: bigint({ mode: 'bigint' }),
    /** The account the money comes from, when known before the transfer (a pull's payer). */
    payer: text(),
    /** What the transfer paid, once the chain told (kept when it paid too little: it is refunded). */
    amount: numeric({ precision: 78, scale: 0, mode: 'bigint' }),
    status: text({ enum: ['in_flight', 'confirmed', 'failed', 'dropped'] })
      .notNull()
      .default('in_flight'),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_once').on(t.network, t.txRef, t.paymentIntentId),
    index('payment_attempts_intent').on(t.paymentIntentId),
    index('payment_attempts_in_flight').on(t.status, t.createdAt),
  ],
);

/**
 * The next nonce of each account the server signs with, allocated under this row's lock in the
 * transaction that records the attempt, so two pulls never sign the same nonce and a signed but
 * unsent transaction keeps its nonce.
 */
export const railNonces = pgTable(
  'rail_nonces',
  {
    network: text().notNull(),
    address: text().notNull(),
    nextNonce: bigint({ mode: 'bigint' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rail_nonces_account').on(t.network, t.address)],
);

/**
 * Every provider event a rail accepted (a card provider's webhook), once: the primary key (rail,
 * event id) makes a replayed or resent event a no-op, whichever process receives it.
 */
export const railEvents = pgTable(
  'rail_events',
  {
    rail: text().notNull(),
    eventId: text().notNull(),
    methodId: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rail_events_once').on(t.rail, t.eventId)],
);
