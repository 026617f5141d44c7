// The billing engine's requests: subscriptions created and changed through the API, their cancel,
// resume, recover and pause, invoice actions, and test clocks (test mode only).
import { z } from 'zod';
import { storableText } from '../bounds.js';
import { amountString, signedAmountString } from '../common.js';
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
    /** Bill metered usage early (a subscription_threshold invoice) once it reaches this amount. */
    billing_threshold_amount: amountString.optional(),
    description: storableText(500).optional(),
    metadata: metadata.optional(),
  })
  .refine((b) => b.collection_method === 'send_invoice' || b.payer !== undefined, {
    message: 'charge_automatically needs the payer account that granted the allowance',
    path: ['payer'],
  });
export type SubscriptionCreate = z.infer<typeof subscriptionCreate>;

/** How a plan change is billed now (Stripe's proration_behavior). */
export const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'] as const;
export const prorationBehavior = z.enum(PRORATION_BEHAVIORS);
export type ProrationBehavior = z.infer<typeof prorationBehavior>;

const subscriptionItemInput = z.object({
  price_id: objectId('price'),
  quantity: z.number().int().min(1).max(1_000_000).default(1),
});

/**
 * `POST /subscriptions/{id}`. A plan change: `items` (the whole new list of prices and quantities, an
 * upgrade or downgrade) or `quantity` (of a one-item subscription), billed now by
 * `proration_behavior` (default create_prorations) as of `proration_date` (default now, inside the
 * current period): an amount due becomes a `subscription_update` invoice that must be paid before the
 * change applies (`pending_update`); a credit goes to the customer's balance. `currency_id` (its
 * method comes with it unless `payment_method_id` is named) changes the currency of future invoices
 * only (open and past-due ones keep theirs), and only to a currency every item's price is sold in.
 * A signed-in customer may change only the plan and that currency of their own subscription (items,
 * quantity, proration_date, cancel_at_period_end, proration_behavior other than none, currency_id,
 * payment_method_id).
 */
export const subscriptionUpdate = z
  .object({
    items: z.array(subscriptionItemInput).min(1).max(20).optional(),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
    proration_behavior: prorationBehavior.optional(),
    proration_date: timestamp.optional(),
    currency_id: objectId('pc').optional(),
    payment_method_id: objectId('pm').optional(),
    collection_method: collectionMethod.optional(),
    payer: evmAddress.optional(),
    days_until_due: z.number().int().min(0).max(365).optional(),
    cancel_at_period_end: z.boolean().optional(),
    description: storableText(500).optional(),
    metadata: metadata.optional(),
  })
  .strict()
  .refine((b) => b.items === undefined || b.quantity === undefined, {
    message: 'send items or quantity, not both',
    path: ['quantity'],
  });
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

const itemsText = z
  .string()
  .max(2000)
  .regex(
    /^price_[A-Za-z0-9]+:\d{1,7}(,price_[A-Za-z0-9]+:\d{1,7}){0,19}$/,
    'must be price_id:quantity pairs separated by commas',
  );

/**
 * `GET /subscriptions/{id}/upcoming-invoice`: the next renewal invoice, and with a proposed change
 * (`items` as `price_id:quantity,…`, or `quantity` of a one-item subscription) what that change bills
 * now. Send the answer's `proration.proration_date` with the update to be billed exactly the preview.
 */
export const upcomingInvoiceQuery = z.looseObject({
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
  items: itemsText.optional(),
  quantity: z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .optional(),
  proration_behavior: prorationBehavior.optional(),
  proration_date: timestamp.optional(),
  /** The portal's call: only the signed-in person's own subscription, owner and admin included. */
  mine: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type UpcomingInvoiceQuery = z.infer<typeof upcomingInvoiceQuery>;

export const upcomingInvoiceLine = z.object({
  price_id: z.string(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  /** Negative for the credit of unused time. */
  amount: signedAmountString,
  period_start: timestamp,
  period_end: timestamp,
  proration: z.boolean(),
  /** Metered lines: the usage of the period that ends (so far, in a preview). */
  metered: z.boolean(),
});
export type UpcomingInvoiceLine = z.infer<typeof upcomingInvoiceLine>;

/** How an invoice total meets the customer's credit balance (a positive total takes from it). */
const balanceApplication = {
  starting_balance: amountString,
  applied_balance: amountString,
  /** What is left to collect after the balance. */
  amount_due: amountString,
  ending_balance: amountString,
};

export const upcomingInvoice = z.object({
  object: z.literal('upcoming_invoice'),
  subscription_id: z.string(),
  customer_id: z.string(),
  currency_id: z.string(),
  billing_reason: z.literal('subscription_cycle'),
  /** The period the renewal bills (licensed items in advance; metered lines bill the ending one). */
  period_start: timestamp,
  period_end: timestamp,
  /** When the renewal invoice is made (the current period's end). */
  next_payment_attempt: timestamp,
  lines: z.array(upcomingInvoiceLine),
  subtotal: signedAmountString,
  total: signedAmountString,
  ...balanceApplication,
  /** The previewed change's immediate effect; null without a proposed change. */
  proration: z
    .object({
      proration_date: timestamp,
      proration_behavior: prorationBehavior,
      lines: z.array(upcomingInvoiceLine),
      /** Sum of the lines: positive is owed by the customer, negative is credited. */
      net: signedAmountString,
      /** The `subscription_update` invoice made now, or null. */
      invoice: z.object({ total: signedAmountString, ...balanceApplication }).nullable(),
      /** Added to the customer's balance now. */
      credit: amountString,
      /** Whether the change waits for that invoice to be paid. */
      pending: z.boolean(),
    })
    .nullable(),
});
export type UpcomingInvoice = z.infer<typeof upcomingInvoice>;

/** `POST /subscription-items/{id}/usage-records` (Stripe's usage records of a metered item). */
export const usageRecordCreate = z
  .object({
    quantity: z.number().int().min(0).max(1_000_000_000_000),
    /** Default now (the subscription's test clock time); must lie in the current period. */
    timestamp: timestamp.optional(),
    action: z.enum(['increment', 'set']).default('increment'),
  })
  .strict();
export type UsageRecordCreate = z.infer<typeof usageRecordCreate>;

export const usageRecord = z.object({
  id: z.string(),
  object: z.literal('usage_record'),
  livemode: z.boolean(),
  subscription_item: z.string(),
  quantity: z.number().int(),
  action: z.enum(['increment', 'set']),
  timestamp,
});
export type UsageRecord = z.infer<typeof usageRecord>;

/**
 * A price a customer may switch their one-item subscription to in the portal: another active price of
 * the subscription's product, or one the merchant marked `switchable`, licensed, on the subscription's
 * interval and sold in its currency.
 */
export const planOption = z.object({
  price_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** The product's metadata (its `translations` name it in other locales: `localizedProduct`). */
  product_metadata: z.record(z.string(), z.unknown()),
  nickname: z.string().nullable(),
  /** One unit for one period, in the subscription's currency. */
  unit_amount: amountString,
  /** Another price of the subscription's own product. */
  same_product: z.boolean(),
});
export type PlanOption = z.infer<typeof planOption>;

export const planOptions = z.object({ object: z.literal('list'), data: z.array(planOption) });
export type PlanOptions = z.infer<typeof planOptions>;
