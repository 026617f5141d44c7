// The customer portal's own reads: the signed-in customer's payments and refunds (paged like the
// invoice list), and the overdue invoices of a subscription or a customer grouped per currency (the
// overdue dialog's answer: summary, invoices, subscription, subscriptionCount, customer).
import { z } from 'zod';
import { amountString, pageQuery } from '../common.js';
import { invoiceListItem, subscription } from './billing.js';
import { browserQuery, timestamp } from './common.js';
import { customer } from './customers.js';
import { paymentCurrency, paymentMethod } from './methods.js';
import { evmAddress, paymentIntent, paymentTarget } from './pay.js';

export const portalListQuery = browserQuery.extend({
  ...pageQuery.shape,
  /** Owners/admins and secret keys: one customer's objects (a customer always sees only their own). */
  customer_id: z.string().max(100).optional(),
  currency_id: z.string().max(100).optional(),
});
export type PortalListQuery = z.infer<typeof portalListQuery>;

/** A payment with its currency and method, so its amount and explorer link can be shown. */
export const portalPayment = paymentIntent.extend({
  paymentCurrency: paymentCurrency.nullable(),
  paymentMethod: paymentMethod.nullable(),
});
export type PortalPayment = z.infer<typeof portalPayment>;

export const portalPaymentList = z.object({ list: z.array(portalPayment), count: z.number().int() });
export type PortalPaymentList = z.infer<typeof portalPaymentList>;

export const portalRefund = z.object({
  id: z.string(),
  object: z.literal('refund'),
  livemode: z.boolean(),
  status: z.enum(['pending', 'requires_action', 'processing', 'failed', 'canceled', 'succeeded']),
  type: z.enum(['refund', 'stake_return']),
  reason: z.string().nullable(),
  amount: amountString,
  currency_id: z.string(),
  payment_intent_id: z.string(),
  invoice_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** The refund's own transfer once committed, and why its last send failed (as the admin's refund). */
  tx_hash: z.string().nullable().optional(),
  last_attempt_error: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
  paymentCurrency: paymentCurrency.nullable(),
  paymentMethod: paymentMethod.nullable(),
});
export type PortalRefund = z.infer<typeof portalRefund>;

export const portalRefundList = z.object({ list: z.array(portalRefund), count: z.number().int() });
export type PortalRefundList = z.infer<typeof portalRefundList>;

/** What is overdue in one currency: the sum, and how it is paid. */
export const overdueCurrency = z.object({
  amount: amountString,
  currency: paymentCurrency,
  method: paymentMethod.nullable(),
});
export type OverdueCurrency = z.infer<typeof overdueCurrency>;

export const overdueInvoices = z.object({
  /** By payment currency id. */
  summary: z.record(z.string(), overdueCurrency),
  invoices: z.array(invoiceListItem),
  subscription: subscription.nullable(),
  /** How many subscriptions the overdue invoices belong to. */
  subscriptionCount: z.number().int(),
  customer: customer,
});
export type OverdueInvoices = z.infer<typeof overdueInvoices>;

/** Extra params of the DID Connect `collect-batch` action. */
export const collectBatchParams = z
  .object({
    currencyId: z.string().regex(/^pc_[A-Za-z0-9]{8,64}$/),
    subscriptionId: z
      .string()
      .regex(/^sub_[A-Za-z0-9]{8,64}$/)
      .optional(),
    customerId: z
      .string()
      .regex(/^cus_[A-Za-z0-9]{8,64}$/)
      .optional(),
  })
  .refine((p) => Boolean(p.subscriptionId ?? p.customerId), {
    message: 'Either subscriptionId or customerId must be provided',
  });
export type CollectBatchParams = z.infer<typeof collectBatchParams>;

/** `POST /portal/overdue/batch`: open (or reuse) the batch paying one currency's overdue invoices. */
export const overdueBatchBody = z.object({
  currencyId: z.string().max(100),
  subscriptionId: z.string().max(100).optional(),
  customerId: z.string().max(100).optional(),
  /** Pay just this open or uncollectible invoice (due or not): the invoice page's Pay. */
  invoiceId: z.string().max(100).optional(),
});
export type OverdueBatchBody = z.infer<typeof overdueBatchBody>;

/** The frozen batch: the intent's id (the collect-batch action's batchId), its sum and each invoice's share. */
export const overdueBatch = z.object({
  id: z.string(),
  status: z.string(),
  amount: amountString,
  currency_id: z.string(),
  invoices: z.array(z.object({ id: z.string(), amount: amountString })),
});
export type OverdueBatch = z.infer<typeof overdueBatch>;

/**
 * `POST /portal/overdue/batch/wallet`: the browser wallet pays the batch (one open invoice or one
 * currency's overdue invoices). `payer`: one of the customer's proved accounts, when the page knows one.
 */
export const overdueWalletBody = overdueBatchBody.extend({ payer: evmAddress.optional() });
export type OverdueWalletBody = z.infer<typeof overdueWalletBody>;

/**
 * The frozen batch and where its one transfer goes (the transaction carries the batch's reference, so
 * it counts for this batch only), and the customer's proved account recorded as its payer (or null).
 */
export const overdueWalletAnswer = z.object({
  batch: overdueBatch,
  paymentTarget,
  payer: z.string().nullable(),
});
export type OverdueWalletAnswer = z.infer<typeof overdueWalletAnswer>;

/** `POST /portal/overdue/batch/{id}/tx`: the hash of the transfer the browser wallet sent for the batch. */
export const overdueTxBody = z.object({
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a tx hash'),
});
