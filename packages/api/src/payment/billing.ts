// Invoices and subscriptions as the API shows them: the merchant API (secret key or signed-in admin) and
// the customer portal (the signed-in customer sees only their own) read the same shapes.
import { z } from 'zod';
import { amountString, pageQuery, signedAmountString } from '../common.js';
import { price } from './catalog.js';
import { customerDetails } from './customers.js';
import { browserQuery, listQuery, metadata, timestamp } from './common.js';
import { paymentCurrency, paymentMethod } from './methods.js';
import { totalBreakdown } from './discounts.js';

export const INVOICE_STATUSES = ['draft', 'open', 'void', 'paid', 'uncollectible'] as const;
export const invoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/** SPEC §4 billing reasons (plus Stripe's `subscription` and `auto_recharge`). */
export const BILLING_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_recover',
  'subscription_threshold',
  'subscription_cancel',
  'subscription',
  'manual',
  'upcoming',
  'slash_stake',
  'stake',
  'return_stake',
  'overdraft_protection',
  'stake_overdraft_protection',
  'recharge',
  'auto_recharge',
] as const;
export const billingReason = z.enum(BILLING_REASONS);
export type BillingReason = z.infer<typeof billingReason>;

/**
 * A line's product texts as they were when it was billed: the name, description and
 * `metadata.translations` (e.g. `{ "zh": { "name": "团队版" } }`), so a later edit of the product never
 * changes what a customer was billed for. Lines written before these were kept have none.
 */
export const billedProduct = z.object({
  name: z.string(),
  description: z.string().nullable(),
  metadata: z.object({ translations: z.record(z.string(), z.unknown()).optional() }),
});
export type BilledProduct = z.infer<typeof billedProduct>;

export const invoiceLine = z.object({
  id: z.string(),
  object: z.literal('invoice_item'),
  price_id: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  /** Negative for a proration's credit of unused time. */
  amount: signedAmountString,
  period_start: timestamp.nullable(),
  period_end: timestamp.nullable(),
  proration: z.boolean(),
  /** Expanded price with its product, when the price still exists. */
  price: price.nullable().optional(),
  /** The product's texts when billed (see billedProduct); absent on older lines. */
  billed_product: billedProduct.nullable().optional(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoice = z.object({
  id: z.string(),
  object: z.literal('invoice'),
  livemode: z.boolean(),
  number: z.string().nullable(),
  status: invoiceStatus,
  billing_reason: billingReason,
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  currency_id: z.string(),
  payment_method_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  /** The contact details typed at the checkout that made the invoice (its bill-to); null otherwise. */
  customer_details: customerDetails.nullable().optional(),
  /** Negative only for a plan change's credit invoice (always_invoice of a downgrade). */
  subtotal: signedAmountString,
  total: signedAmountString,
  /** Sum of the lines' discounts (total = subtotal - total_discount + exclusive taxes). */
  total_discount: amountString.optional(),
  /** Every tax, inclusive ones included. */
  total_tax: amountString.optional(),
  /** What the discount and each tax rate came to. */
  total_breakdown: totalBreakdown.nullable().optional(),
  /** The customer's credit balance before this invoice, and what it took of it (amount_due = total - applied). */
  starting_balance: amountString.optional(),
  applied_balance: amountString.optional(),
  amount_due: amountString,
  amount_paid: amountString,
  amount_remaining: amountString,
  description: z.string().nullable(),
  period_start: timestamp.nullable(),
  period_end: timestamp.nullable(),
  /** When an open invoice falls due; past it, an open or uncollectible invoice is past due. */
  due_date: timestamp.nullable(),
  /** Collection attempts made so far (the first try counts). */
  attempt_count: z.number().int(),
  /** When the next automatic collection attempt runs; null when none is planned. */
  next_payment_attempt: timestamp.nullable(),
  /** Every collection attempt: when, the outcome, the transfer hash or the reason it failed. */
  attempts: z.array(
    z.object({
      at: timestamp,
      outcome: z.enum(['submitted', 'succeeded', 'failed']),
      reason: z.string().optional(),
      tx_hash: z.string().optional(),
    }),
  ),
  test_clock_id: z.string().nullable(),
  /** `metadata.payment_details` carries the transaction (SPEC §3: `{rail}.tx_hash`, explorer link). */
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Invoice = z.infer<typeof invoice>;

/** One invoice with what its page shows: lines, currency, method (the portal's expanded form). */
export const invoiceDetail = invoice.extend({
  lines: z.array(invoiceLine),
  paymentCurrency: paymentCurrency.nullable(),
  paymentMethod: paymentMethod.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'paused',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
] as const;
export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const subscriptionItem = z.object({
  id: z.string(),
  object: z.literal('subscription_item'),
  subscription_id: z.string(),
  price_id: z.string(),
  quantity: z.number().int(),
  /** Expanded price with its product. */
  price: price.nullable().optional(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;

export const subscription = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  livemode: z.boolean(),
  status: subscriptionStatus,
  customer_id: z.string(),
  currency_id: z.string(),
  default_payment_method_id: z.string().nullable(),
  collection_method: z.enum(['charge_automatically', 'send_invoice']),
  description: z.string().nullable(),
  items: z.array(subscriptionItem),
  start_date: timestamp,
  current_period_start: timestamp,
  current_period_end: timestamp,
  trial_start: timestamp.nullable(),
  trial_end: timestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  cancel_at: timestamp.nullable(),
  canceled_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  latest_invoice_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  /** Periods are counted from this moment with calendar arithmetic. */
  billing_cycle_anchor: timestamp,
  /** The account charge_automatically pulls from (an ERC-20 allowance to the merchant). */
  payer: z.string().nullable(),
  days_until_due: z.number().int().nullable(),
  cancelation_details: z
    .object({
      reason: z.enum(['cancellation_requested', 'payment_disputed', 'payment_failed', 'stake_revoked']),
      feedback: z.string().nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
  test_clock_id: z.string().nullable(),
  /** A plan change waiting for its `subscription_update` invoice to be paid. */
  pending_update: z
    .object({
      items: z.array(z.object({ price_id: z.string(), quantity: z.number().int() })),
      invoice_id: z.string(),
      proration_date: timestamp,
    })
    .nullable()
    .optional(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Subscription = z.infer<typeof subscription>;

/** One subscription with what its page shows. */
export const subscriptionDetail = subscription.extend({
  paymentCurrency: paymentCurrency.nullable(),
  paymentMethod: paymentMethod.nullable(),
  latestInvoice: invoice.nullable(),
  /**
   * The time this subscription lives in: its test clock's frozen time, null on real time. The portal
   * counts a clock's trial and periods from it, never from the browser's date.
   */
  clock_time: timestamp.nullable().optional(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

const flag = z.enum(['0', '1', 'true', 'false']).optional();

/**
 * `mine`: the customer portal's view. A signed-in person (owner and admin included) sees only the
 * customer record whose DID is theirs, never the mode's; a secret key is unaffected.
 */
export const mineFlag = flag;

/** `status` of the invoice list: one status or a comma list (`paid,open`). */
const invoiceStatusList = z
  .string()
  .max(100)
  .refine(
    (v) => v.split(',').every((s) => invoiceStatus.safeParse(s.trim()).success),
    'must be invoice statuses separated by commas',
  );

/**
 * `GET /api/invoices` (SPEC §7): a page of invoices, newest first. A signed-in customer sees only
 * their own (customer_id is theirs whatever is sent); a secret key or an owner/admin sees any.
 * Stake invoices are left out unless include_staking / include_return_staking; ignore_zero leaves out
 * invoices with a zero total. past_due keeps only past-due invoices: open or uncollectible with a
 * due_date already passed (the rule that also refuses the customer a new purchase, CUSTOMER_LIMITED),
 * judged at the invoice's test clock's time when it (or its customer) is on one. `mine`: see mineFlag.
 */
export const invoiceListQuery = browserQuery.extend({
  ...pageQuery.shape,
  mine: mineFlag,
  status: invoiceStatusList.optional(),
  customer_id: z.string().max(100).optional(),
  currency_id: z.string().max(100).optional(),
  subscription_id: z.string().max(100).optional(),
  include_staking: flag,
  include_return_staking: flag,
  include_recovered_from: flag,
  ignore_zero: flag,
  past_due: flag,
  /** Search: part of the invoice number or id, or of the customer's name or email. */
  q: z.string().max(100).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** An invoice of a list, with its currency and method so amounts can be shown. */
export const invoiceListItem = invoice.extend({
  paymentCurrency: paymentCurrency.nullable(),
  paymentMethod: paymentMethod.nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const invoiceList = z.object({
  list: z.array(invoiceListItem),
  /** All invoices matching the filters (for the pager). */
  count: z.number().int(),
  /** The subscription named by subscription_id, when it is one the caller may see. */
  subscription: subscription.nullable(),
});
export type InvoiceList = z.infer<typeof invoiceList>;

/** `GET /api/subscriptions`: cursor list, newest first; a signed-in customer sees only their own. */
export const subscriptionListQuery = listQuery.extend({
  mine: mineFlag,
  customer_id: z.string().max(100).optional(),
  status: subscriptionStatus.optional(),
  livemode: browserQuery.shape.livemode,
  /** Only subscriptions with an item of this price. */
  price_id: z.string().max(100).optional(),
  /** Search: part of the subscription id or description, or of the customer's name or email. */
  q: z.string().max(100).optional(),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;
