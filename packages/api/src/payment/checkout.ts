import { z } from 'zod';
import { totalBreakdown } from './discounts.js';
import { updateOf } from './update.js';
import { amountString } from '../common.js';
import { price } from './catalog.js';
import { customer, customerDetails } from './customers.js';
import { epochSeconds, metadata, objectId, timestamp } from './common.js';
import { paymentMethod } from './methods.js';

export const adjustableQuantity = z.object({
  enabled: z.boolean(),
  minimum: z.number().int().min(0).max(999_999).optional(),
  maximum: z.number().int().min(1).max(999_999).optional(),
});

/** A line item as a merchant writes it (payment links and checkout sessions). */
export const lineItemInput = z.strictObject({
  price_id: objectId('price'),
  quantity: z.number().int().min(1).max(999_999).default(1),
  adjustable_quantity: adjustableQuantity.optional(),
  custom_amount: amountString.optional(),
});
export type LineItemInput = z.infer<typeof lineItemInput>;

export const lineItem = z.object({
  id: z.string(),
  price_id: z.string(),
  quantity: z.number().int(),
  adjustable_quantity: adjustableQuantity.nullable(),
  upsell_price_id: z.string().nullable(),
  cross_sell: z.boolean(),
  custom_amount: amountString.nullable(),
  price: price.optional(),
  upsell_price: price.nullable().optional(),
  /** The price this line may switch to (its upsell) while not switched, so the saving shows beforehand. */
  upsell_offer: price.nullable().optional(),
});
export type LineItem = z.infer<typeof lineItem>;

const decimalText = z
  .string()
  .max(100)
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "5" or "0.5"');

export const beneficiary = z.object({
  name: z.string().min(1).max(100),
  address: z.string().max(200).optional(),
  avatar: z.string().max(2048).optional(),
  url: z.string().max(2048).optional(),
  type: z.enum(['user', 'dapp']).default('user'),
  percent: z.number().int().min(0).max(100),
});

export const donationSettings = z.object({
  amount: z.object({
    presets: z.array(decimalText).max(8).default([]),
    preset: decimalText.optional(),
    minimum: decimalText.optional(),
    maximum: decimalText.optional(),
    custom: z.boolean().default(true),
  }),
  beneficiaries: z.array(beneficiary).max(20).default([]),
});
export type DonationSettings = z.infer<typeof donationSettings>;

/**
 * Where the customer's page is sent (success, cancel, after completion): an http or https address only,
 * so a `javascript:` or `data:` URL can never run in the customer's signed-in page.
 */
export const webUrl = z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' }).max(2048);

export const afterCompletion = z.object({
  type: z.enum(['redirect', 'hosted_confirmation']),
  redirect: z.object({ url: webUrl }).optional(),
  hosted_confirmation: z.object({ custom_message: z.string().max(1000).optional() }).optional(),
});

export const subscriptionData = z.object({
  trial_period_days: z.number().int().min(0).max(730).optional(),
  trial_end: epochSeconds.optional(),
  trial_currency: z.string().max(1000).optional().describe('comma list of currency ids'),
  billing_threshold_amount: amountString.optional(),
  min_stake_amount: amountString.optional(),
  no_stake: z.boolean().optional(),
  /** Paid billing periods the ERC-20 allowance asked for at checkout covers (default 12, 1..120). */
  allowance_periods: z.number().int().min(1).max(120).optional(),
});

export const submitType = z.enum(['auto', 'book', 'donate', 'pay']);
export const crossSellBehavior = z.enum(['auto', 'required']);
export const billingAddressCollection = z.enum(['auto', 'required']);

const checkoutOptions = {
  submit_type: submitType,
  cross_sell_behavior: crossSellBehavior,
  billing_address_collection: billingAddressCollection,
  phone_number_collection: z.object({ enabled: z.boolean() }),
  subscription_data: subscriptionData.nullable(),
};

export const paymentLink = z.object({
  id: z.string(),
  object: z.literal('payment_link'),
  livemode: z.boolean(),
  active: z.boolean(),
  name: z.string().nullable(),
  currency_id: z.string().nullable(),
  line_items: z.array(lineItem),
  after_completion: afterCompletion,
  donation_settings: donationSettings.nullable(),
  allow_promotion_codes: z.boolean(),
  ...checkoutOptions,
  url: z.string(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type PaymentLink = z.infer<typeof paymentLink>;

export const paymentLinkCreate = z.strictObject({
  name: z.string().max(250).optional(),
  currency_id: objectId('pc').optional(),
  line_items: z.array(lineItemInput).min(1).max(20),
  after_completion: afterCompletion.optional(),
  donation_settings: donationSettings.optional(),
  allow_promotion_codes: z.boolean().optional(),
  submit_type: submitType.optional(),
  cross_sell_behavior: crossSellBehavior.optional(),
  billing_address_collection: billingAddressCollection.optional(),
  phone_number_collection: checkoutOptions.phone_number_collection.optional(),
  subscription_data: subscriptionData.optional(),
  metadata: metadata.optional(),
  active: z.boolean().optional(),
});
export type PaymentLinkCreate = z.infer<typeof paymentLinkCreate>;
export const paymentLinkUpdate = updateOf(paymentLinkCreate);
export type PaymentLinkUpdate = z.infer<typeof paymentLinkUpdate>;

export const checkoutMode = z.enum(['payment', 'setup', 'subscription']);
export const checkoutStatus = z.enum(['open', 'complete', 'expired']);
export const checkoutPaymentStatus = z.enum(['paid', 'unpaid', 'no_payment_required']);

export const checkoutSession = z.object({
  id: z.string(),
  object: z.literal('checkout_session'),
  livemode: z.boolean(),
  mode: checkoutMode,
  status: checkoutStatus,
  payment_status: checkoutPaymentStatus,
  currency_id: z.string(),
  line_items: z.array(lineItem),
  amount_subtotal: amountString,
  amount_total: amountString,
  total_details: z.object({
    amount_discount: amountString,
    amount_tax: amountString,
    amount_shipping: amountString,
    /** What the discount and each tax rate came to. */
    breakdown: totalBreakdown.optional(),
  }),
  ...checkoutOptions,
  /** The customer may type a promotion code on the checkout page. */
  allow_promotion_codes: z.boolean().optional(),
  /** Tax rates of the lines whose price has none of its own. */
  tax_rate_ids: z.array(z.string()).optional(),
  customer_id: z.string().nullable(),
  /** The customer object with `expand[]=customer` (merchant calls); absent otherwise. */
  customer: customer.nullable().optional().describe('expandable'),
  customer_email: z.string().nullable(),
  /** What the buyer typed in the form at submit (null before; hidden from all but its own customer). */
  customer_details: customerDetails.nullable().optional(),
  payment_link_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  /** The first subscription the checkout created (see `subscriptions`). */
  subscription_id: z.string().nullable(),
  /** Every subscription the checkout created, first one first, one per billing interval of its recurring items. */
  subscriptions: z.array(z.string()),
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  expires_at: epochSeconds,
  url: z.string(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type CheckoutSession = z.infer<typeof checkoutSession>;

export const checkoutSessionCreate = z.strictObject({
  line_items: z.array(lineItemInput).min(1).max(20),
  mode: checkoutMode.optional(),
  currency_id: objectId('pc').optional(),
  customer_id: objectId('cus').optional(),
  customer_email: z.email().max(254).optional(),
  success_url: webUrl.optional(),
  cancel_url: webUrl.optional(),
  expires_at: epochSeconds.optional(),
  submit_type: submitType.optional(),
  cross_sell_behavior: crossSellBehavior.optional(),
  billing_address_collection: billingAddressCollection.optional(),
  phone_number_collection: checkoutOptions.phone_number_collection.optional(),
  subscription_data: subscriptionData.optional(),
  allow_promotion_codes: z.boolean().optional(),
  tax_rates: z.array(objectId('txr')).max(5).optional(),
  metadata: metadata.optional(),
});
export type CheckoutSessionCreate = z.infer<typeof checkoutSessionCreate>;
export const checkoutSessionUpdate = z.strictObject({ metadata });

/** Answer of `checkout-sessions/retrieve/{id}` and `checkout-sessions/start/{plink}`. */
export const checkoutSessionView = z.object({
  checkoutSession: checkoutSession,
  paymentMethods: z.array(paymentMethod),
  paymentLink: paymentLink.optional(),
  paymentIntent: z.record(z.string(), z.unknown()).optional(),
  customer: customer.optional(),
});

export const upsellBody = z.object({ from: objectId('price'), to: objectId('price') });
export const downsellBody = z.object({ from: objectId('price') });
export const crossSellBody = z.object({ to: objectId('price') });
export const adjustQuantityBody = z.object({
  itemId: z.string().min(1).max(100),
  quantity: z.number().int().min(0).max(1_000_000_000),
});
export const amountBody = z.object({
  priceId: objectId('price'),
  amount: amountString,
  currency_id: objectId('pc')
    .optional()
    .describe('The currency the amount is in (the one picked on the page); the session moves to it'),
});
