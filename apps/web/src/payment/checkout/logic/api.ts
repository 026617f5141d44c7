// The checkout's browser calls (SPEC section 7) under the payment mount point: each is an entry of the
// route table in @payshelf/api, called through its one typed client (answers parsed by the contract's
// schemas, failures as ApiCallError with the one error shape).
import type { beneficiary } from '@payshelf/api';
import {
  ApiCallError,
  callRoute,
  checkoutRoutes as routes,
  customerBrowserRoutes,
  discountRoutes,
  price,
  type AnyRoute,
  type AnswerOf,
  type CallInput,
  type CheckoutSession,
  type CheckoutSubmitAnswer,
  type CheckoutSubmitBody,
  type EvmPaymentTarget as ApiEvmPaymentTarget,
  type PayerChallengeAnswer,
  type PaymentTarget as ApiPaymentTarget,
  type Price,
} from '@payshelf/api';
import type { z } from 'zod';
import { apiBase } from '../../admin/api/client';

export type CheckoutView = AnswerOf<typeof routes.retrieve>;
export type CheckoutSessionData = CheckoutSession;
export type ApiPrice = Price;
export type Beneficiary = z.infer<typeof beneficiary>;
export type EvmPaymentTarget = ApiEvmPaymentTarget;
export type PaymentTarget = ApiPaymentTarget;
export type SubmitAnswer = CheckoutSubmitAnswer;
export type SubmitBody = z.input<typeof routes.submit.body> & Partial<Pick<CheckoutSubmitBody, 'payer'>>;
export type PayerChallenge = PayerChallengeAnswer;
export type MeAnswer = AnswerOf<typeof customerBrowserRoutes.me>;

/** A failed call: the server's code and param, and the response kept for the error text assembly. */
export { ApiCallError as CheckoutRequestError };

export class CheckoutApi {
  constructor(
    readonly mountPoint: string,
    readonly livemode: boolean,
  ) {}

  private call<E extends AnyRoute>(entry: E, input: CallInput<E>): Promise<AnswerOf<E>> {
    return callRoute(entry, input, {
      base: apiBase(this.mountPoint),
      query: { livemode: String(this.livemode) },
    });
  }

  start = (plink: string) => this.call(routes.start, { params: { id: plink }, body: {} });
  retrieve = (id: string) => this.call(routes.retrieve, { params: { id } });
  upsell = (id: string, from: string, to: string) =>
    this.call(routes.upsell, { params: { id }, body: { from, to } });
  downsell = (id: string, from: string) => this.call(routes.downsell, { params: { id }, body: { from } });
  addCrossSell = (id: string, to: string) => this.call(routes.addCrossSell, { params: { id }, body: { to } });
  removeCrossSell = (id: string) => this.call(routes.removeCrossSell, { params: { id } });
  adjustQuantity = (id: string, itemId: string, quantity: number) =>
    this.call(routes.adjustQuantity, { params: { id }, body: { itemId, quantity } });
  /** `currencyId`: the currency the amount is in (the one picked); the session moves to it. */
  setAmount = (id: string, priceId: string, amount: string, currencyId: string) =>
    this.call(routes.setAmount, { params: { id }, body: { priceId, amount, currency_id: currencyId } });
  /** The cross-sell offer, or null when there is none or the lookup fails (SPEC section 8: silently). */
  crossSellOffer = async (id: string): Promise<ApiPrice | null> => {
    try {
      const answer = await this.call(routes.crossSellOffer, { params: { id } });
      const parsed = price.safeParse(answer);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  /** Applies a customer-typed promotion code; a refusal is answered in `locale`. */
  applyPromotionCode = (id: string, code: string, locale: string) =>
    this.call(discountRoutes.applyPromotionCode, { params: { id }, body: { code }, query: { locale } });
  removePromotionCode = (id: string, locale: string) =>
    this.call(discountRoutes.removePromotionCode, { params: { id }, body: {}, query: { locale } });
  /** Who receives a payment link's payments (donations), with their percent. */
  benefits = (linkId: string) => this.call(routes.benefits, { params: { id: linkId } });
  /** Donations submit without sign-in through `donate-submit`. */
  submit = (id: string, body: SubmitBody, donation = false) =>
    this.call(donation ? routes.donateSubmit : routes.submit, { params: { id }, body });
  sentTransaction = (id: string, txHash: string) =>
    this.call(routes.sentTransaction, { params: { id }, body: { txHash } });
  fastConfirm = (id: string) => this.call(routes.fastConfirm, { params: { id }, body: {} });
  /** Test mode: the server's test wallet pays the submitted checkout (Bitcoin on the local chain). */
  testWalletPay = (id: string) => this.call(routes.testWalletPay, { params: { id } });
  /** A message for the browser wallet to sign, proving the signed-in customer controls `address`. */
  payerChallenge = (id: string, paymentMethod: string, address: string) =>
    this.call(routes.payerChallenge, { params: { id }, body: { payment_method: paymentMethod, address } });
  payerProof = (id: string, paymentMethod: string, challengeId: string, signature: string) =>
    this.call(routes.payerProof, {
      params: { id },
      body: { payment_method: paymentMethod, challenge_id: challengeId, signature },
    });
  /** The details the signed-in user's customer saved (no wallet-profile fallback), or null. */
  savedCustomer = async (): Promise<MeAnswer | null> => {
    try {
      return await this.call(customerBrowserRoutes.me, { query: { skipSummary: '1' } });
    } catch {
      return null;
    }
  };
  /** Prefill: the signed-in user's customer, or null when signed out or unknown. */
  me = async (): Promise<MeAnswer | null> => {
    try {
      return await this.call(customerBrowserRoutes.me, { query: { skipSummary: '1', fallback: '1' } });
    } catch {
      return null;
    }
  };
}
