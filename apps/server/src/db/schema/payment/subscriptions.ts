import { SUBSCRIPTION_STATUSES } from '@payshelf/api';
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

const at = () => timestamp({ withTimezone: true });

/** Why and how a subscription was canceled (Stripe's cancellation_details, SPEC §9 feedback reasons). */
export interface CancelationDetails {
  reason: 'cancellation_requested' | 'payment_disputed' | 'payment_failed' | 'stake_revoked';
  feedback: string | null;
  comment: string | null;
}

/**
 * A plan change waiting for its `subscription_update` invoice to be paid (Stripe's pending_update):
 * the items the subscription takes once `invoice_id` is paid; dropped when that invoice is voided.
 */
export interface PendingUpdate {
  items: Array<{ price_id: string; quantity: number }>;
  invoice_id: string;
  proration_date: string;
}

/**
 * A customer's recurring plan. All items of one subscription share one billing interval
 * (interval, interval_count), so a checkout whose items recur differently creates one per interval.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...objectColumns(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    customerId: text().notNull(),
    currencyId: text().notNull(),
    defaultPaymentMethodId: text(),
    collectionMethod: text({ enum: ['charge_automatically', 'send_invoice'] })
      .notNull()
      .default('charge_automatically'),
    description: text(),
    /** The billing interval every item shares. */
    recurringInterval: text({ enum: ['hour', 'day', 'week', 'month', 'year'] }).notNull(),
    recurringIntervalCount: integer().notNull().default(1),
    /** Bill early once usage reaches this amount (subscription_data.billing_threshold_amount). */
    billingThresholdAmount: amount(),
    startDate: at().notNull(),
    currentPeriodStart: at().notNull(),
    currentPeriodEnd: at().notNull(),
    trialStart: at(),
    trialEnd: at(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    cancelAt: at(),
    canceledAt: at(),
    endedAt: at(),
    latestInvoiceId: text(),
    checkoutSessionId: text(),
    /** Periods are counted from here with calendar arithmetic (the start, the trial end, a recovery). */
    billingCycleAnchor: at(),
    /** The account charge_automatically pulls from (its ERC-20 allowance to the merchant's spender). */
    payer: text(),
    /** send_invoice: days from an invoice's creation to its due date. */
    daysUntilDue: integer(),
    cancelationDetails: jsonb().$type<CancelationDetails>(),
    /** When the subscription went past_due (the dunning grace counts from here). */
    pastDueAt: at(),
    /** Test mode: the test clock whose time this subscription lives in (billing/clocks). */
    testClockId: text(),
    /** The coupon the subscription keeps for its duration (from the checkout's promotion code). */
    couponId: text(),
    promotionCodeId: text(),
    discountStart: timestamp({ withTimezone: true }),
    /** How many invoices the discount has been applied to (a `once` coupon stops after one). */
    discountInvoices: integer().notNull().default(0),
    /** Tax rates of the items whose price has none of its own. */
    taxRateIds: jsonb().$type<string[]>().notNull().default([]),
    /** A plan change that applies once its invoice is paid (null when none waits). */
    pendingUpdate: jsonb().$type<PendingUpdate>(),
  },
  (t) => [
    index('subscriptions_list').on(t.livemode, t.createdAt, t.id),
    index('subscriptions_customer').on(t.customerId, t.status),
    index('subscriptions_period_end').on(t.status, t.currentPeriodEnd),
    index('subscriptions_test_clock').on(t.testClockId),
    // The due rows of one clock (or of real time, a null clock) in the order a batch renewal takes
    // them: the batch's LIMIT reads the first due entries instead of sorting every row of the clock.
    index('subscriptions_due')
      .on(t.testClockId, t.currentPeriodEnd, t.id)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due', 'paused')`),
    // A checkout creates at most one subscription per interval, however often its completion runs.
    uniqueIndex('subscriptions_checkout_interval').on(
      t.checkoutSessionId,
      t.recurringInterval,
      t.recurringIntervalCount,
    ),
  ],
);

export const subscriptionItems = pgTable(
  'subscription_items',
  {
    ...objectColumns(),
    subscriptionId: text()
      .notNull()
      .references(() => subscriptions.id),
    priceId: text().notNull(),
    quantity: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('subscription_items_price').on(t.subscriptionId, t.priceId)],
);

/**
 * Usage of a metered subscription item (Stripe's usage records): `increment` adds to the period's
 * total, `set` replaces it from that moment. The renewal invoice bills the usage recorded within the
 * period that ended, by the price's aggregate_usage (sum, or the last value). A record sent twice with
 * the same idempotency key is kept once (the API's idempotency).
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    ...objectColumns(),
    /** No foreign key: an item removed by a plan change keeps its past usage. */
    subscriptionItemId: text().notNull(),
    subscriptionId: text().notNull(),
    /** The item's price when recorded: usage of an item removed mid-period still bills at its price. */
    priceId: text(),
    quantity: bigint({ mode: 'bigint' }).notNull(),
    action: text({ enum: ['increment', 'set'] }).notNull(),
    /** The moment the usage happened (the test clock's time by default). */
    timestamp: at().notNull(),
  },
  (t) => [
    index('usage_records_item').on(t.subscriptionItemId, t.timestamp),
    index('usage_records_subscription').on(t.subscriptionId, t.timestamp),
  ],
);
