// The billing engine's requests: subscriptions created and changed through the API, their cancel,
// resume, recover and pause, invoice actions, and test clocks (test mode only).
import { z } from 'zod';
import { storableText } from '../bounds.js';
import { metadata, objectId, timestamp } from './common.js';

/** The relay topic of one subscription (its owner and the merchant may listen). */
export const subscriptionTopic = (id: string) => `subscription:${id}`;

/** SPEC §9 cancel feedback reasons. */
export const CANCEL_FEEDBACK = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;

const collectionMethod = z.enum(['charge_automatically', 'send_invoice']);
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an 0x address of 40 hex digits');

/** `POST /subscriptions`: a subscription for an existing customer, billed from now (or its clock's now). */
export const subscriptionCreate = z
  .object({
    customer_id: objectId('cus'),
    items: z
      .array(
        z.object({
          price_id: objectId('price'),
          quantity: z.number().int().min(1).max(1_000_000).default(1),
        }),
      )
      .min(1)
      .max(20),
    currency_id: objectId('pc'),
    payment_method_id: objectId('pm'),
    collection_method: collectionMethod.default('charge_automatically'),
    /** charge_automatically: the account that granted the merchant an ERC-20 allowance. */
    payer: evmAddress.optional(),
    days_until_due: z.number().int().min(0).max(365).optional(),
    trial_period_days: z.number().int().min(1).max(730).optional(),
    /** Test mode: live in this test clock's time (else the customer's clock, if any). */
    test_clock_id: objectId('clock').optional(),
    description: storableText(500).optional(),
    metadata: metadata.optional(),
  })
  .refine((b) => b.collection_method === 'send_invoice' || b.payer !== undefined, {
    message: 'charge_automatically needs the payer account that granted the allowance',
    path: ['payer'],
  });
export type SubscriptionCreate = z.infer<typeof subscriptionCreate>;

/**
 * `POST /subscriptions/{id}`: quantity (of a one-item subscription), collection method, payer,
 * cancel_at_period_end. Changing items or prices (with proration) is not accepted here yet.
 */
export const subscriptionUpdate = z
  .object({
    quantity: z.number().int().min(1).max(1_000_000).optional(),
    collection_method: collectionMethod.optional(),
    payer: evmAddress.optional(),
    days_until_due: z.number().int().min(0).max(365).optional(),
    cancel_at_period_end: z.boolean().optional(),
    description: storableText(500).optional(),
    metadata: metadata.optional(),
  })
  .strict();
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdate>;

/** `POST /subscriptions/{id}/cancel`: now, or at the period end (a trial always cancels now). */
export const subscriptionCancel = z
  .object({
    at_period_end: z.boolean().default(false),
    feedback: z.enum(CANCEL_FEEDBACK).optional(),
    comment: storableText(1000).optional(),
  })
  .strict();
export type SubscriptionCancel = z.infer<typeof subscriptionCancel>;

export const emptyBody = z.object({}).strict();

/** `POST /invoices/{id}/pay`: collect now, or record a payment made outside Payshelf. */
export const invoicePay = z.object({ paid_out_of_band: z.boolean().default(false) }).strict();

export const testClock = z.object({
  id: z.string(),
  object: z.literal('test_clock'),
  livemode: z.literal(false),
  name: z.string().nullable(),
  frozen_time: timestamp,
  status: z.enum(['ready', 'advancing']),
  created_at: timestamp,
});
export type TestClock = z.infer<typeof testClock>;

export const testClockCreate = z
  .object({ frozen_time: timestamp, name: storableText(200).optional() })
  .strict();

export const testClockAdvance = z.object({ frozen_time: timestamp }).strict();

export const testClockList = z.object({ object: z.literal('list'), data: z.array(testClock) });
