// Credit grants and credit transactions (Payment Kit's `creditGrants` and `creditTransactions`): credit
// of a credit currency given to a customer (bought, or promotional from the merchant), consumed by the
// events of credit meters in priority then expiry order; each consumption is a transaction.
import { z } from 'zod';
import { amountString } from '../common.js';
import { storableText } from '../bounds.js';
import { listOf, metadata, timestamp } from './common.js';
import { paymentCurrency } from './methods.js';

export const CREDIT_GRANT_STATUSES = ['pending', 'granted', 'depleted', 'expired', 'voided'] as const;
export const creditGrantStatus = z.enum(CREDIT_GRANT_STATUSES);
export type CreditGrantStatus = z.infer<typeof creditGrantStatus>;
export const creditGrantCategory = z.enum(['paid', 'promotional']);

export const creditGrant = z.object({
  id: z.string(),
  object: z.literal('credit_grant'),
  livemode: z.boolean(),
  name: z.string().nullable(),
  customer_id: z.string(),
  currency_id: z.string(),
  amount: amountString,
  remaining_amount: amountString,
  category: creditGrantCategory,
  /** Lower is consumed first (0 to 100); then the sooner expiry. */
  priority: z.number().int(),
  status: creditGrantStatus,
  effective_at: timestamp,
  expires_at: timestamp.nullable(),
  /** Specific when `prices` is not empty (only meters those prices bill), otherwise general. */
  applicability_config: z.object({ scope: z.object({ prices: z.array(z.string()) }) }),
  subscription_id: z.string().nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
  /** The credit currency, on the API's reads (not in event payloads). */
  paymentCurrency: paymentCurrency.nullable().optional(),
});
export type CreditGrant = z.infer<typeof creditGrant>;

export const creditGrantCreate = z.strictObject({
  customer_id: z.string().max(100),
  currency_id: z.string().max(100),
  amount: amountString.refine((v) => BigInt(v) > 0n, 'must be above 0'),
  name: storableText(200).optional(),
  category: creditGrantCategory.default('promotional'),
  priority: z.number().int().min(0).max(100).default(50),
  effective_at: timestamp.optional(),
  expires_at: timestamp.optional(),
  applicability_config: z
    .strictObject({ scope: z.strictObject({ prices: z.array(z.string().max(100)).max(50) }) })
    .optional(),
  metadata: metadata.optional(),
});
export type CreditGrantCreate = z.infer<typeof creditGrantCreate>;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** The portal's and the admin's list of grants (SPEC: page, pageSize, status, customer_id, subscription_id). */
export const creditGrantListQuery = pageQuery.extend({
  status: z.string().max(100).optional(),
  customer_id: z.string().max(100).optional(),
  subscription_id: z.string().max(100).optional(),
  currency_id: z.string().max(100).optional(),
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
});
export type CreditGrantListQuery = z.infer<typeof creditGrantListQuery>;

export const pagedList = <T extends z.ZodType>(item: T) =>
  listOf(item).extend({ count: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const creditGrantList = pagedList(creditGrant);
export type CreditGrantList = z.infer<typeof creditGrantList>;

export const creditTransaction = z.object({
  id: z.string(),
  object: z.literal('credit_transaction'),
  livemode: z.boolean(),
  customer_id: z.string(),
  currency_id: z.string(),
  credit_grant_id: z.string(),
  credit_grant: z.object({ id: z.string(), name: z.string().nullable() }),
  /** Credit taken from the grant by this transaction. */
  credit_amount: amountString,
  /** The grant's remaining amount after it. */
  remaining_balance: amountString,
  meter: z.object({ id: z.string(), event_name: z.string(), unit: z.string() }).nullable(),
  meter_event_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  source: z.string(),
  description: z.string().nullable(),
  created_at: timestamp,
  /** The credit currency, on the API's reads. */
  paymentCurrency: paymentCurrency.nullable().optional(),
});
export type CreditTransaction = z.infer<typeof creditTransaction>;

/** SPEC: page, pageSize, customer_id, subscription_id, credit_grant_id, source, start, end. */
export const creditTransactionListQuery = pageQuery.extend({
  customer_id: z.string().max(100).optional(),
  subscription_id: z.string().max(100).optional(),
  credit_grant_id: z.string().max(100).optional(),
  source: z.string().max(100).optional(),
  start: timestamp.optional(),
  end: timestamp.optional(),
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
});
export type CreditTransactionListQuery = z.infer<typeof creditTransactionListQuery>;
export const creditTransactionList = pagedList(creditTransaction);
export type CreditTransactionList = z.infer<typeof creditTransactionList>;
