import { sql } from 'drizzle-orm';
import type { CustomerDetails, DonationSettings } from '@payshelf/api';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';
import type { StoredBreakdown } from './discounts.js';

/** A line item as stored (amounts are decimal strings of smallest units). */
export interface StoredLineItem {
  id: string;
  price_id: string;
  quantity: number;
  adjustable_quantity: { enabled: boolean; minimum?: number; maximum?: number } | null;
  upsell_price_id: string | null;
  cross_sell: boolean;
  custom_amount: string | null;
}

export interface StoredSubscriptionData {
  trial_period_days?: number;
  trial_end?: number;
  trial_currency?: string;
  billing_threshold_amount?: string;
  min_stake_amount?: string;
  no_stake?: boolean;
  /** Paid billing periods the allowance asked for at checkout covers (default 12). */
  allowance_periods?: number;
}

export interface StoredAfterCompletion {
  type: 'redirect' | 'hosted_confirmation';
  redirect?: { url: string };
  hosted_confirmation?: { custom_message?: string };
}

const checkoutOptionColumns = () => ({
  submitType: text({ enum: ['auto', 'book', 'donate', 'pay'] })
    .notNull()
    .default('auto'),
  crossSellBehavior: text({ enum: ['auto', 'required'] })
    .notNull()
    .default('auto'),
  billingAddressCollection: text({ enum: ['auto', 'required'] })
    .notNull()
    .default('auto'),
  phoneNumberCollection: boolean().notNull().default(false),
  subscriptionData: jsonb().$type<StoredSubscriptionData>(),
});

export const paymentLinks = pgTable(
  'payment_links',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    name: text(),
    currencyId: text(),
    lineItems: jsonb().$type<StoredLineItem[]>().notNull(),
    afterCompletion: jsonb()
      .$type<StoredAfterCompletion>()
      .notNull()
      .default({ type: 'hosted_confirmation' }),
    donationSettings: jsonb().$type<DonationSettings>(),
    allowPromotionCodes: boolean().notNull().default(false),
    ...checkoutOptionColumns(),
  },
  (t) => [index('payment_links_list').on(t.livemode, t.createdAt, t.id)],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    ...objectColumns(),
    mode: text({ enum: ['payment', 'setup', 'subscription'] }).notNull(),
    status: text({ enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    paymentStatus: text({ enum: ['paid', 'unpaid', 'no_payment_required'] })
      .notNull()
      .default('unpaid'),
    currencyId: text().notNull(),
    lineItems: jsonb().$type<StoredLineItem[]>().notNull(),
    amountSubtotal: amount().notNull(),
    amountTotal: amount().notNull(),
    amountDiscount: amount()
      .notNull()
      .default(sql`0`),
    amountTax: amount()
      .notNull()
      .default(sql`0`),
    amountShipping: amount()
      .notNull()
      .default(sql`0`),
    ...checkoutOptionColumns(),
    customerId: text(),
    customerEmail: text(),
    /** The contact details typed at submit: they belong to this checkout (and its invoice), not the customer. */
    customerDetails: jsonb().$type<CustomerDetails>(),
    paymentLinkId: text(),
    paymentIntentId: text(),
    invoiceId: text(),
    subscriptionId: text(),
    /** Every subscription the checkout created, first (= subscriptionId) first; one per billing interval. */
    subscriptionIds: jsonb().$type<string[]>().notNull().default([]),
    successUrl: text(),
    cancelUrl: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    nftMintStatus: text({ enum: ['disabled', 'pending', 'minted', 'sent', 'error'] })
      .notNull()
      .default('disabled'),
    /** The customer may type a promotion code (from the payment link or the create call). */
    allowPromotionCodes: boolean().notNull().default(false),
    /** Tax rates of the lines whose price has none of its own. */
    taxRateIds: jsonb().$type<string[]>().notNull().default([]),
    couponId: text(),
    promotionCodeId: text(),
    /** What the discount and each tax rate came to at the current totals. */
    totalBreakdown: jsonb().$type<StoredBreakdown>(),
    /** Bumped by every change so concurrent edits of one session are detected. */
    version: integer().notNull().default(0),
  },
  (t) => [
    index('checkout_sessions_list').on(t.livemode, t.createdAt, t.id),
    index('checkout_sessions_open').on(t.status, t.expiresAt),
  ],
);

export const paymentIntents = pgTable(
  'payment_intents',
  {
    ...objectColumns(),
    status: text({
      enum: [
        'requires_payment_method',
        'requires_confirmation',
        'requires_action',
        'processing',
        'requires_capture',
        'canceled',
        'succeeded',
      ],
    })
      .notNull()
      .default('requires_payment_method'),
    amount: amount().notNull(),
    amountReceived: amount()
      .notNull()
      .default(sql`0`),
    currencyId: text().notNull(),
    paymentMethodId: text(),
    customerId: text(),
    checkoutSessionId: text(),
    invoiceId: text(),
    description: text(),
    lastPaymentError: jsonb().$type<{ code?: string; message: string; type?: string }>(),
    paymentDetails: jsonb().$type<Record<string, unknown>>(),
    beneficiaries: jsonb().$type<Array<{ address: string; share: string }>>().notNull().default([]),
  },
  (t) => [
    index('payment_intents_list').on(t.livemode, t.createdAt, t.id),
    // The intents still waiting for a transfer, per customer: what settling an invoice closes.
    index('payment_intents_waiting')
      .on(t.customerId)
      .where(sql`${t.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action')`),
  ],
);
