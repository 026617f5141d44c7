// The merchant's billing lists beyond invoices and subscriptions: payment intents, refunds, the events
// of one subscription (its timeline) and what lives on one test clock.
import { z } from 'zod';
import { amountString } from '../common.js';
import { invoice, subscription } from './billing.js';
import { listQuery, metadata, timestamp } from './common.js';
import { customer } from './customers.js';
import { paymentIntentStatus } from './pay.js';
import { paymentEvent } from './webhooks.js';

const mode = z.enum(['true', 'false', '1', '0']).optional();

/** `GET /payment-intents`: cursor list, newest first; filters keep one status, customer or currency. */
export const paymentIntentListQuery = listQuery.extend({
  status: paymentIntentStatus.optional(),
  customer_id: z.string().max(100).optional(),
  currency_id: z.string().max(100).optional(),
  invoice_id: z.string().max(100).optional(),
  livemode: mode,
});
export type PaymentIntentListQuery = z.infer<typeof paymentIntentListQuery>;

export const REFUND_STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'failed',
  'canceled',
  'succeeded',
] as const;
export const REFUND_REASONS = [
  'duplicate',
  'requested_by_customer',
  'requested_by_admin',
  'fraudulent',
  'expired_uncaptured_charge',
] as const;

export const refund = z.object({
  id: z.string(),
  object: z.literal('refund'),
  livemode: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  type: z.enum(['refund', 'stake_return']),
  reason: z.enum(REFUND_REASONS).nullable(),
  amount: amountString,
  currency_id: z.string(),
  payment_intent_id: z.string(),
  invoice_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  /** `tx_hash` (and `network`, `payer`): the transfer this refund pays back. */
  metadata,
  /** The refund's own transfer once it is committed (before it is broadcast), else null. */
  tx_hash: z.string().nullable().optional(),
  /** Why the last attempt to send it failed, if it did. */
  last_attempt_error: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Refund = z.infer<typeof refund>;

/** `GET /refunds`: cursor list, newest first. */
export const refundListQuery = listQuery.extend({
  status: z.enum(REFUND_STATUSES).optional(),
  customer_id: z.string().max(100).optional(),
  payment_intent_id: z.string().max(100).optional(),
  livemode: mode,
});
export type RefundListQuery = z.infer<typeof refundListQuery>;

/** `GET /subscriptions/{id}/events`: the subscription's and its invoices' events, newest first. */
export const subscriptionEvents = z.object({ object: z.literal('list'), data: z.array(paymentEvent) });

/** `GET /test-clocks/{id}/objects`: the customers and subscriptions on a clock, and what it produced. */
export const testClockObjects = z.object({
  customers: z.array(customer),
  subscriptions: z.array(subscription),
  /** Newest first, at most 100. */
  invoices: z.array(invoice),
  /** Events of those subscriptions and invoices, newest first, at most 100. */
  events: z.array(paymentEvent),
});
export type TestClockObjects = z.infer<typeof testClockObjects>;
