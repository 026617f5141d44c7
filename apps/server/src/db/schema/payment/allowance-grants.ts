import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';

/**
 * ERC-20 style approvals a customer's DID wallet signed at checkout so renewals can be pulled
 * (flows/connect-allowance.ts). Each is committed here, hash and signed bytes, before it is sent, as
 * every transaction the server sends: a crash in between leaves a record that can be sent again.
 */
export const allowanceGrants = pgTable(
  'allowance_grants',
  {
    ...objectColumns(),
    checkoutSessionId: text().notNull(),
    customerId: text(),
    subscriptionId: text(),
    rail: text().notNull(),
    network: text().notNull(),
    currencyId: text().notNull(),
    /** The account that signed the approval (the rail's canonical spelling). */
    payer: text().notNull(),
    spender: text().notNull(),
    amount: amount().notNull(),
    txRef: text().notNull(),
    raw: text().notNull(),
    /**
     * 'signed' once committed, 'broadcast' once a node accepted it, 'replaced' when another transaction
     * of the payer took its nonce (it can never be mined; the customer grants again from the portal).
     */
    status: text({ enum: ['signed', 'broadcast', 'replaced'] }).notNull(),
    broadcastAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('allowance_grants_tx').on(t.network, t.txRef),
    index('allowance_grants_session').on(t.checkoutSessionId),
  ],
);
