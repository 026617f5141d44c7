// Submitting the checkout form and paying: the form's values, where the wallet pays, the payment
// intent, fast pay and the relay topics of checkout.
import { z } from 'zod';
import { allowanceOffer } from './allowance.js';
import { amountString } from '../common.js';
import { checkoutSession } from './checkout.js';
import { customer } from './customers.js';
import { metadata, objectId, timestamp } from './common.js';

/** SPEC §5: an email address of at most 254 characters, a local part of at most 64, labels of at most 63. */
export const checkoutEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .refine((v) => {
    const [local = '', domain = ''] = v.split('@');
    return local.length <= 64 && domain.split('.').every((label) => label.length <= 63);
  }, 'payment.checkout.invalid');

/**
 * The billing address of the checkout form: line1, city, state and postal code when the full address
 * is asked, or (the card provider's form) the country and postal code only, the other lines empty. A
 * partly filled full address names each missing line.
 */
export const checkoutBillingAddress = z
  .object({
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((v) => v.toLowerCase()),
    state: z.string().trim().max(100),
    line1: z.string().trim().max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().max(100),
    postal_code: z.string().trim().min(1, 'payment.checkout.required').max(20),
  })
  .superRefine((address, ctx) => {
    const lines = (['state', 'line1', 'city'] as const).filter((key) => address[key] === '');
    const postalOnly = lines.length === 3 && !address.line2;
    if (postalOnly) return;
    for (const key of lines)
      ctx.addIssue({ code: 'custom', message: 'payment.checkout.required', path: [key] });
  });
export type CheckoutBillingAddress = z.infer<typeof checkoutBillingAddress>;

/** An EVM account (the browser wallet that pays). */
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address');

/** `PUT checkout-sessions/{id}/submit` (and `/donate-submit`): the checkout form's values. */
export const checkoutSubmitBody = z.object({
  customer_name: z.string().trim().min(1, 'payment.checkout.required').max(200),
  customer_email: checkoutEmail,
  customer_phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()\-.]{4,32}$/, 'payment.checkout.invalid')
    .optional(),
  billing_address: checkoutBillingAddress.optional(),
  payment_method: objectId('pm'),
  payment_currency: objectId('pc'),
  /** One of the signed-in customer's proved accounts (payer-challenge / payer-proof) for fast pay. */
  payer: evmAddress.optional(),
  /**
   * The form's details always belong to this checkout and its invoice (`customer_details`). 'replace'
   * (the page's "Save these details to my account") also saves them as the signed-in customer's name,
   * email, phone and address; otherwise the customer's record is left as it is, except a record with
   * no details yet (a customer created by this checkout), which takes the form's.
   */
  customer_update: z.enum(['keep', 'replace']).optional(),
});
export type CheckoutSubmitBody = z.infer<typeof checkoutSubmitBody>;

/**
 * Where an EVM wallet pays: chain id, recipient, token contract (null for the native coin), amount, URI,
 * and the exact transaction to send (its call data ends with the payment's 16-byte reference, which is
 * what makes the transfer count for this payment only).
 */
export const evmPaymentTarget = z.object({
  rail: z.literal('evm'),
  chainId: z.number().int(),
  recipient: z.string(),
  token: z.string().nullable(),
  amount: amountString,
  uri: z.string(),
  /** Confirmations required before the payment counts. */
  confirmations: z.number().int(),
  /** The transaction a wallet sends: `to`, native `value` (smallest unit) and call `data`. */
  request: z.object({ to: z.string(), value: amountString, data: z.string() }),
});
export type EvmPaymentTarget = z.infer<typeof evmPaymentTarget>;

/**
 * Where a Bitcoin wallet pays: a fresh address derived for this payment only (the address is what makes
 * the transfer count for it), the exact amount in satoshis and its BIP21 URI for a QR code.
 */
export const bitcoinPaymentTarget = z.object({
  rail: z.literal('bitcoin'),
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  address: z.string(),
  /** Satoshis. */
  amount: amountString,
  uri: z.string(),
  confirmations: z.number().int(),
});
export type BitcoinPaymentTarget = z.infer<typeof bitcoinPaymentTarget>;

/**
 * A card payment: the provider's script confirms `payment_intent_id` with `client_secret` in the
 * page (3-D Secure included), then the page posts `tx_ref` as the transfer it paid with.
 */
export const stripePaymentTarget = z.object({
  rail: z.literal('stripe'),
  payment_intent_id: z.string(),
  client_secret: z.string(),
  publishable_key: z.string(),
  tx_ref: z.string(),
  amount: amountString,
  currency: z.string(),
  /** Test mode's Stripe.js stand-in (the local Stripe); null: the page loads https://js.stripe.com/v3. */
  js_url: z.string().nullable(),
});
export type StripePaymentTarget = z.infer<typeof stripePaymentTarget>;

/** Where and how to pay, one shape per rail kind (`rail` tells which). */
export const paymentTarget = z.discriminatedUnion('rail', [
  evmPaymentTarget,
  bitcoinPaymentTarget,
  stripePaymentTarget,
]);
export type PaymentTarget = z.infer<typeof paymentTarget>;

export const paymentIntentStatus = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

export const paymentIntent = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  livemode: z.boolean(),
  status: paymentIntentStatus,
  amount: amountString,
  amount_received: amountString,
  currency_id: z.string(),
  payment_method_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  description: z.string().nullable(),
  last_payment_error: z
    .object({ code: z.string().optional(), message: z.string(), type: z.string().optional() })
    .nullable(),
  payment_details: z.record(z.string(), z.unknown()).nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type PaymentIntent = z.infer<typeof paymentIntent>;

/**
 * The status a person reads for a payment: a closed attempt whose last transfer or pull failed (a
 * collection with no retry left) reads `failed`, not `canceled`; anything else is the intent's status.
 */
export function paymentStatusShown(
  intent: Pick<PaymentIntent, 'status' | 'last_payment_error'>,
): PaymentIntent['status'] | 'failed' {
  return intent.status === 'canceled' && intent.last_payment_error ? 'failed' : intent.status;
}

/** Answer of submit: the session, its one payment intent, the customer, where to pay and fast-pay standing. */
export const checkoutSubmitAnswer = z.object({
  checkoutSession: checkoutSession,
  paymentIntent: paymentIntent,
  customer: customer,
  paymentTarget: paymentTarget,
  balance: z.object({ sufficient: z.boolean() }),
  delegation: z.object({ sufficient: z.boolean() }),
  fastPayInfo: z
    .object({
      type: z.enum(['balance', 'delegation']),
      amount: amountString,
      payer: z.string(),
      token: z.object({ balance: amountString }),
    })
    .optional(),
  creditSufficient: z.boolean().optional(),
  /** With creditSufficient: the payment link that tops up this credit currency (null: none). */
  creditTopUp: z.object({ payment_link_id: z.string() }).nullable().optional(),
  /** Subscription mode on a token: the allowance the wallet is asked to approve so renewals are pulled. */
  allowance: allowanceOffer.optional(),
  stripeContext: z.null(),
});
export type CheckoutSubmitAnswer = z.infer<typeof checkoutSubmitAnswer>;

/** `POST checkout-sessions/{id}/tx`: the hash of the transfer the browser wallet sent. */
export const checkoutTxBody = z.object({
  /** An EVM hash (0x…) or a Bitcoin txid (64 hex digits). */
  txHash: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a tx hash'),
});

/** `POST checkout-sessions/{id}/fast-checkout-confirm`: optionally the account the page sees now. */
export const fastCheckoutConfirmBody = z.object({ payer: evmAddress.optional() });
export const fastCheckoutConfirmAnswer = z.object({ fastPaid: z.boolean(), message: z.string().optional() });

/** Relay topics of checkout: anyone knowing the session id, and the owner of a customer. */
export const checkoutSessionTopic = (id: string) => `checkout_session:${id}`;
export const customerTopic = (id: string) => `customer:${id}`;

/** `POST checkout-sessions/{id}/payer-challenge`: the account the customer wants to pay from. */
export const payerChallengeBody = z.object({ payment_method: objectId('pm'), address: evmAddress });
/**
 * The message the wallet signs (EIP-191 personal_sign on EVM) to prove it controls `address`, or
 * `proved: true` (and no challenge) when this customer proved it before.
 */
export const payerChallengeAnswer = z.object({
  address: z.string(),
  proved: z.boolean(),
  challenge: z.object({ id: z.string(), message: z.string(), expires_at: timestamp }).nullable(),
});
export type PayerChallengeAnswer = z.infer<typeof payerChallengeAnswer>;
/** `POST checkout-sessions/{id}/payer-proof`: the wallet's signature of the challenge's message. */
export const payerProofBody = z.object({
  payment_method: objectId('pm'),
  challenge_id: z.string().min(1).max(100),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,2000}$/, 'must be a hex signature'),
});
export const payerProofAnswer = z.object({ address: z.string(), proved: z.literal(true) });
