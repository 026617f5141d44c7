import { BILLING_REASONS, INVOICE_STATUSES, type CustomerDetails } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';
import type { StoredBreakdown } from './discounts.js';

/** One collection attempt of an invoice. */
export interface InvoiceAttempt {
  at: string;
  outcome: 'submitted' | 'succeeded' | 'failed';
  reason?: string;
  tx_hash?: string;
}

export const invoices = pgTable(
  'invoices',
  {
    ...objectColumns(),
    number: text(),
    status: text({ enum: INVOICE_STATUSES }).notNull().default('draft'),
    billingReason: text({ enum: BILLING_REASONS }).notNull(),
    customerId: text().notNull(),
    currencyId: text().notNull(),
    paymentMethodId: text(),
    subtotal: amount()
      .notNull()
      .default(sql`0`),
    total: amount()
      .notNull()
      .default(sql`0`),
    amountDue: amount()
      .notNull()
      .default(sql`0`),
    amountPaid: amount()
      .notNull()
      .default(sql`0`),
    amountRemaining: amount()
      .notNull()
      .default(sql`0`),
    startingTokenBalance: amount()
      .notNull()
      .default(sql`0`),
    /** The customer's credit balance in the invoice's currency before this invoice took from it. */
    startingBalance: amount()
      .notNull()
      .default(sql`0`),
    /** Taken from the customer's credit balance to pay this invoice (amount_due = total - this). */
    appliedBalance: amount()
      .notNull()
      .default(sql`0`),
    /** Sum of the lines' discounts; total = subtotal - totalDiscount + exclusive taxes. */
    totalDiscount: amount()
      .notNull()
      .default(sql`0`),
    /** Every tax, inclusive ones included. */
    totalTax: amount()
      .notNull()
      .default(sql`0`),
    totalBreakdown: jsonb().$type<StoredBreakdown>(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    dueDate: timestamp({ withTimezone: true }),
    paymentIntentId: text(),
    subscriptionId: text(),
    checkoutSessionId: text(),
    /** The contact details the buyer typed at the checkout that made this invoice (null otherwise). */
    customerDetails: jsonb().$type<CustomerDetails>(),
    description: text(),
    /** Collection attempts made so far (the first try counts). */
    attemptCount: integer().notNull().default(0),
    /** When the next automatic collection attempt is due; null when none is planned. */
    nextPaymentAttempt: timestamp({ withTimezone: true }),
    /** Every collection attempt: when, what happened, the transfer or the reason it failed. */
    attempts: jsonb().$type<InvoiceAttempt[]>().notNull().default([]),
    testClockId: text(),
  },
  (t) => [
    index('invoices_list').on(t.livemode, t.createdAt, t.id),
    index('invoices_customer').on(t.customerId, t.status),
    index('invoices_subscription').on(t.subscriptionId),
    // One cycle invoice per (subscription, period): a renewal run twice, or by two processes, bills once.
    uniqueIndex('invoices_subscription_cycle')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.billingReason} = 'subscription_cycle'`),
    index('invoices_next_attempt')
      .on(t.nextPaymentAttempt)
      .where(sql`${t.nextPaymentAttempt} is not null`),
    uniqueIndex('invoices_number')
      .on(t.livemode, t.number)
      .where(sql`${t.number} is not null`),
  ],
);

/**
 * The last invoice number given out per mode (billing/invoice-number.ts). Bumped in the transaction
 * that inserts the invoice: its row lock serialises creators, and a rollback gives the number back.
 */
export const invoiceSequences = pgTable('invoice_sequences', {
  livemode: boolean().primaryKey(),
  lastNumber: bigint({ mode: 'bigint' }).notNull(),
});

export const invoiceItems = pgTable(
  'invoice_items',
  {
    ...objectColumns(),
    invoiceId: text()
      .notNull()
      .references(() => invoices.id),
    priceId: text(),
    description: text(),
    quantity: integer().notNull().default(1),
    amount: amount().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    proration: boolean().notNull().default(false),
    discountAmounts: jsonb().$type<Array<{ amount: string; discount_id: string }>>().notNull().default([]),
  },
  (t) => [index('invoice_items_invoice').on(t.invoiceId)],
);

export const refunds = pgTable(
  'refunds',
  {
    ...objectColumns(),
    status: text({ enum: ['pending', 'requires_action', 'processing', 'failed', 'canceled', 'succeeded'] })
      .notNull()
      .default('pending'),
    type: text({ enum: ['refund', 'stake_return'] })
      .notNull()
      .default('refund'),
    reason: text({
      enum: [
        'duplicate',
        'requested_by_customer',
        'requested_by_admin',
        'fraudulent',
        'expired_uncaptured_charge',
      ],
    }),
    amount: amount().notNull(),
    currencyId: text().notNull(),
    paymentIntentId: text().notNull(),
    invoiceId: text(),
    customerId: text(),
    attemptCount: integer().notNull().default(0),
    lastAttemptError: jsonb().$type<{ message: string }>(),
    /**
     * The refund's transaction, committed with the signer's nonce and raw bytes before it is sent
     * (status `processing`): a crash after that re-sends these same bytes, never a second refund.
     */
    network: text(),
    txRef: text(),
    raw: text(),
    nonce: bigint({ mode: 'bigint' }),
    broadcastAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_list').on(t.livemode, t.createdAt, t.id),
    index('refunds_in_flight').on(t.status, t.createdAt),
    // A transfer that paid for nothing (late, underpaid, or a second transfer for a payment already
    // made) is refunded once: one refund per transfer (chain, transaction, log index), even across
    // a repost, a retried job or a crash.
    uniqueIndex('refunds_transfer')
      .on(
        sql`(${t.metadata} ->> 'network')`,
        sql`(${t.metadata} ->> 'tx_hash')`,
        sql`(${t.metadata} ->> 'log_index')`,
      )
      .where(sql`(${t.metadata} ->> 'tx_hash') IS NOT NULL`),
  ],
);
