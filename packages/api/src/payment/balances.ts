// The customer credit balance ledger as the merchant API shows it: every movement of a customer's
// per-currency credit (a positive amount adds credit, a negative one takes it) with the balance after it.
import { z } from 'zod';
import { amountString, signedAmountString } from '../common.js';
import { listOf, listQuery, metadata, timestamp } from './common.js';
import { storableText } from '../bounds.js';

export const BALANCE_TRANSACTION_TYPES = [
  /** Credit for the unused time of a downgrade or a removed item. */
  'proration_credit',
  /** Credit taken to pay an invoice (negative). */
  'applied_to_invoice',
  /** Credit given back from an invoice that was voided after it used some. */
  'unapplied_from_invoice',
  /** A manual correction by the merchant, either sign. */
  'adjustment',
] as const;
export const balanceTransactionType = z.enum(BALANCE_TRANSACTION_TYPES);
export type BalanceTransactionType = z.infer<typeof balanceTransactionType>;

export const customerBalanceTransaction = z.object({
  id: z.string(),
  object: z.literal('customer_balance_transaction'),
  livemode: z.boolean(),
  customer_id: z.string(),
  currency_id: z.string(),
  type: balanceTransactionType,
  /** Positive adds to the customer's credit, negative takes from it. */
  amount: signedAmountString,
  /** The customer's credit in this currency after this transaction (never negative). */
  ending_balance: amountString,
  invoice_id: z.string().nullable(),
  description: z.string().nullable(),
  metadata,
  created_at: timestamp,
});
export type CustomerBalanceTransaction = z.infer<typeof customerBalanceTransaction>;

export const customerBalanceTransactionList = listOf(customerBalanceTransaction);

export const customerBalanceTransactionListQuery = listQuery.omit({ active: true }).extend({
  currency_id: z.string().max(100).optional(),
});
export type CustomerBalanceTransactionListQuery = z.infer<typeof customerBalanceTransactionListQuery>;

/** A manual adjustment (Stripe's `POST /customers/{id}/balance_transactions`): credit or debit. */
export const customerBalanceTransactionCreate = z.strictObject({
  /** Positive adds credit, negative takes it; refused when it would leave the balance below 0. */
  amount: signedAmountString.refine((v) => !/^-?0+$/.test(v), 'must not be zero'),
  currency_id: z.string().max(100),
  description: storableText(1000).optional(),
  metadata: metadata.optional(),
});
export type CustomerBalanceTransactionCreate = z.infer<typeof customerBalanceTransactionCreate>;
