// The checkout's browser calls (SPEC section 7) under the payment mount point.
import { beneficiary, checkoutSession, checkoutSessionView, customer, price } from '@payshelf/api';
import { z } from 'zod';
import { apiUrl } from '../../admin/api/client';

export type CheckoutView = z.infer<typeof checkoutSessionView>;
export type CheckoutSessionData = z.infer<typeof checkoutSession>;
export type ApiPrice = z.infer<typeof price>;
export type Beneficiary = z.infer<typeof beneficiary>;

/** A failed call: the server's code and param, and the response kept for the error text assembly. */
export class CheckoutRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly param: string | undefined,
    readonly response: { status: number; data: unknown },
  ) {
    super(message);
    this.name = 'CheckoutRequestError';
  }
}

const errorShape = z.object({
  error: z.object({ code: z.string().optional(), message: z.string(), param: z.string().optional() }),
});

/** An EVM payment target: the wallet sends exactly `request` (its data carries the payment's reference). */
export const evmPaymentTarget = z.object({
  rail: z.literal('evm'),
  chainId: z.number().int(),
  recipient: z.string(),
  token: z.string().nullable(),
  amount: z.string().regex(/^\d+$/),
  uri: z.string(),
  request: z.object({
    to: z.string(),
    value: z.string().regex(/^\d+$/),
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
  }),
});
export type EvmPaymentTarget = z.infer<typeof evmPaymentTarget>;

/** Where to pay, one shape per rail kind. */
export const paymentTarget = z.discriminatedUnion('rail', [evmPaymentTarget]);
export type PaymentTarget = z.infer<typeof paymentTarget>;

export const submitAnswer = z.object({
  checkoutSession: checkoutSession,
  paymentIntent: z.record(z.string(), z.unknown()).nullable().optional(),
  customer: z.record(z.string(), z.unknown()).nullable().optional(),
  paymentTarget: paymentTarget.nullable().optional(),
  balance: z.object({ sufficient: z.boolean() }).nullable().optional(),
  delegation: z.object({ sufficient: z.boolean() }).nullable().optional(),
  fastPayInfo: z
    .object({
      type: z.string(),
      amount: z.string(),
      payer: z.string().nullable().optional(),
      token: z.object({ balance: z.string() }).partial().nullable().optional(),
    })
    .nullable()
    .optional(),
  creditSufficient: z.boolean().nullable().optional(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

export interface SubmitBody {
  customer_name: string;
  customer_email: string;
  customer_phone?: string;
  billing_address?: {
    country: string;
    state: string;
    line1: string;
    line2?: string;
    city: string;
    postal_code: string;
  };
  payment_method: string;
  payment_currency: string;
  payer?: string;
  /** 'replace' overwrites the signed-in customer's saved details; otherwise they are kept. */
  customer_update?: 'keep' | 'replace';
}

export const payerChallenge = z.object({
  address: z.string(),
  proved: z.boolean(),
  challenge: z.object({ id: z.string(), message: z.string() }).nullable(),
});
export type PayerChallenge = z.infer<typeof payerChallenge>;

const meAnswer = z.union([
  customer,
  z.object({
    did: z.string().nullable().optional(),
    name: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    address: customer.shape.address.optional(),
  }),
]);
export type MeAnswer = z.infer<typeof meAnswer>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class CheckoutApi {
  constructor(
    readonly mountPoint: string,
    readonly livemode: boolean,
  ) {}

  private async call<S extends z.ZodType>(
    schema: S,
    method: Method,
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) {
    const url = apiUrl(this.mountPoint, path, this.livemode, query);
    const res = await fetch(url, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const parsed = errorShape.safeParse(data);
      const { message, code, param } = parsed.success ? parsed.data.error : { message: `HTTP ${res.status}` };
      throw new CheckoutRequestError(message, res.status, code, param, { status: res.status, data });
    }
    return schema.parse(data) as z.infer<S>;
  }

  start = (plink: string) => this.call(checkoutSessionView, 'POST', `/checkout-sessions/start/${plink}`, {});
  retrieve = (id: string) => this.call(checkoutSessionView, 'GET', `/checkout-sessions/retrieve/${id}`);
  upsell = (id: string, from: string, to: string) =>
    this.call(checkoutSession, 'PUT', `/checkout-sessions/${id}/upsell`, { from, to });
  downsell = (id: string, from: string) =>
    this.call(checkoutSession, 'PUT', `/checkout-sessions/${id}/downsell`, { from });
  addCrossSell = (id: string, to: string) =>
    this.call(checkoutSession, 'PUT', `/checkout-sessions/${id}/cross-sell`, { to });
  removeCrossSell = (id: string) =>
    this.call(checkoutSession, 'DELETE', `/checkout-sessions/${id}/cross-sell`);
  adjustQuantity = (id: string, itemId: string, quantity: number) =>
    this.call(checkoutSession, 'PUT', `/checkout-sessions/${id}/adjust-quantity`, { itemId, quantity });
  /** `currencyId`: the currency the amount is in (the one picked); the session moves to it. */
  setAmount = (id: string, priceId: string, amount: string, currencyId: string) =>
    this.call(checkoutSession, 'PUT', `/checkout-sessions/${id}/amount`, {
      priceId,
      amount,
      currency_id: currencyId,
    });
  /** The cross-sell offer, or null when there is none or the lookup fails (SPEC section 8: silently). */
  crossSellOffer = async (id: string): Promise<ApiPrice | null> => {
    try {
      const answer = await this.call(z.unknown(), 'GET', `/checkout-sessions/${id}/cross-sell`);
      const parsed = price.safeParse(answer);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  /** Who receives a payment link's payments (donations), with their percent. */
  benefits = (linkId: string) => this.call(z.array(beneficiary), 'GET', `/payment-links/${linkId}/benefits`);
  /** Donations submit without sign-in through `donate-submit`. */
  submit = (id: string, body: SubmitBody, donation = false) =>
    this.call(submitAnswer, 'PUT', `/checkout-sessions/${id}/${donation ? 'donate-submit' : 'submit'}`, body);
  sentTransaction = (id: string, txHash: string) =>
    this.call(z.unknown(), 'POST', `/checkout-sessions/${id}/tx`, { txHash });
  fastConfirm = (id: string) =>
    this.call(
      z.object({ fastPaid: z.boolean(), message: z.string().optional() }),
      'POST',
      `/checkout-sessions/${id}/fast-checkout-confirm`,
      {},
    );
  /** A message for the browser wallet to sign, proving the signed-in customer controls `address`. */
  payerChallenge = (id: string, paymentMethod: string, address: string) =>
    this.call(payerChallenge, 'POST', `/checkout-sessions/${id}/payer-challenge`, {
      payment_method: paymentMethod,
      address,
    });
  payerProof = (id: string, paymentMethod: string, challengeId: string, signature: string) =>
    this.call(z.unknown(), 'POST', `/checkout-sessions/${id}/payer-proof`, {
      payment_method: paymentMethod,
      challenge_id: challengeId,
      signature,
    });
  /** The details the signed-in user's customer saved (no wallet-profile fallback), or null. */
  savedCustomer = async (): Promise<MeAnswer | null> => {
    try {
      return await this.call(customer, 'GET', '/customers/me', undefined, { skipSummary: '1' });
    } catch {
      return null;
    }
  };
  /** Prefill: the signed-in user's customer, or null when signed out or unknown. */
  me = async (): Promise<MeAnswer | null> => {
    try {
      return await this.call(meAnswer, 'GET', '/customers/me', undefined, {
        skipSummary: '1',
        fallback: '1',
      });
    } catch {
      return null;
    }
  };
}
