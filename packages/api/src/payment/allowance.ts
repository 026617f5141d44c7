// The ERC-20 allowance that lets renewals be pulled (transferFrom) without the wallet: what a
// subscription checkout asks the wallet to approve, and what the portal reads of it on chain.
import { z } from 'zod';
import { amountString } from '../common.js';

/** The approve transaction a wallet sends (EVM: the token's `approve(spender, amount)`). */
export const allowanceRequest = z.object({
  chainId: z.number().int(),
  to: z.string(),
  value: amountString,
  data: z.string(),
});

/**
 * An allowance covering `periods` paid billing periods of `per_period` (plus what today's payment
 * pulls, if any), shown to the customer in words before the wallet signs: "allows up to {amount}
 * {symbol}, about {span.count} {span.unit}s".
 */
export const allowanceOffer = z.object({
  amount: amountString,
  per_period: amountString,
  periods: z.number().int(),
  span: z.object({ unit: z.enum(['hour', 'day', 'week', 'month']), count: z.number().int() }),
  currency_id: z.string(),
  /** The account the allowance is granted to (the merchant's spender). */
  spender: z.string(),
  request: allowanceRequest,
});
export type AllowanceOffer = z.infer<typeof allowanceOffer>;

/**
 * `GET /subscriptions/{id}/allowance`: the allowance the subscription's payer has left on chain (read
 * by the server), whether it covers the next invoice(s), and the offer to grant or renew it.
 */
export const subscriptionAllowanceAnswer = z.object({
  object: z.literal('subscription_allowance'),
  subscription_id: z.string(),
  /** The account renewals pull from; null until a wallet paid or approved (no allowance to read). */
  payer: z.string().nullable(),
  remaining: amountString,
  /** What the next invoice(s) need: open invoices of the subscription plus the next renewal. */
  needed: amountString,
  covers: z.boolean(),
  /** Null where no allowance applies (native coin, send_invoice, not renewing). */
  offer: allowanceOffer.nullable(),
});
export type SubscriptionAllowanceAnswer = z.infer<typeof subscriptionAllowanceAnswer>;
