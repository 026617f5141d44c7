// Checkout calls of the browser (SPEC §7) and the merchant's checkout-session calls beyond CRUD.
import { z } from 'zod';
import {
  adjustQuantityBody,
  amountBody,
  beneficiary,
  checkoutSession,
  checkoutSessionView,
  crossSellBody,
  downsellBody,
  upsellBody,
} from '../payment/checkout.js';
import { price } from '../payment/catalog.js';
import { browserQuery, timestamp } from '../payment/common.js';
import { customer } from '../payment/customers.js';
import {
  checkoutSubmitAnswer,
  checkoutSubmitBody,
  checkoutTxBody,
  fastCheckoutConfirmAnswer,
  fastCheckoutConfirmBody,
  payerChallengeAnswer,
  payerChallengeBody,
  payerProofAnswer,
  payerProofBody,
} from '../payment/pay.js';
import { route } from './define.js';

const tag = 'Checkout (browser)';
const browser = { access: 'browser', tag, query: browserQuery } as const;

/** A change of an open session; answers the updated session. */
const change = <P extends string, B extends z.ZodType>(
  method: 'PUT' | 'DELETE',
  path: P,
  summary: string,
  body: B,
) =>
  route({
    ...browser,
    method,
    path,
    summary: `${summary}; answers the updated session`,
    body,
    response: checkoutSession,
  });

export const checkoutRoutes = {
  retrieve: route({
    ...browser,
    method: 'GET',
    path: '/checkout-sessions/retrieve/:id',
    summary: 'The checkout page data of a session',
    response: checkoutSessionView,
  }),
  start: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/start/:id',
    summary: 'Start a checkout session from a payment link (plink_)',
    body: z.looseObject({}),
    response: checkoutSessionView,
  }),
  crossSellOffer: route({
    ...browser,
    method: 'GET',
    path: '/checkout-sessions/:id/cross-sell',
    summary: 'The cross-sell price offered with this session, or an error field meaning none',
    response: z.union([
      price,
      z.object({ error: z.object({ type: z.string(), code: z.string(), message: z.string() }) }),
    ]),
  }),
  upsell: change('PUT', '/checkout-sessions/:id/upsell', 'Switch a line to its upsell price', upsellBody),
  downsell: change(
    'PUT',
    '/checkout-sessions/:id/downsell',
    'Switch a line back from its upsell price',
    downsellBody,
  ),
  addCrossSell: change(
    'PUT',
    '/checkout-sessions/:id/cross-sell',
    'Add the offered cross-sell price',
    crossSellBody,
  ),
  removeCrossSell: change(
    'DELETE',
    '/checkout-sessions/:id/cross-sell',
    'Remove the cross-sell item',
    z.unknown(),
  ),
  adjustQuantity: change(
    'PUT',
    '/checkout-sessions/:id/adjust-quantity',
    'Change the quantity of an adjustable line',
    adjustQuantityBody,
  ),
  setAmount: change(
    'PUT',
    '/checkout-sessions/:id/amount',
    'Set the pay-what-you-want amount (smallest unit)',
    amountBody,
  ),
  submit: route({
    ...browser,
    method: 'PUT',
    path: '/checkout-sessions/:id/submit',
    summary: 'Submit the checkout form: the one payment intent, where to pay and fast-pay standing',
    body: checkoutSubmitBody,
    response: checkoutSubmitAnswer,
  }),
  donateSubmit: route({
    ...browser,
    method: 'PUT',
    path: '/checkout-sessions/:id/donate-submit',
    summary: 'Submit a donation form (no sign-in needed); answers where to pay',
    body: checkoutSubmitBody,
    response: checkoutSubmitAnswer,
  }),
  sentTransaction: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/:id/tx',
    summary: 'The transaction the browser wallet sent; verified, then watched until confirmed',
    body: checkoutTxBody,
    response: checkoutSession,
  }),
  testWalletPay: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/:id/test-wallet',
    summary: 'Test mode: the test wallet pays the submitted checkout (Bitcoin on the local regtest chain)',
    response: checkoutSession,
  }),
  fastConfirm: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/:id/fast-checkout-confirm',
    summary: 'Fast pay: charge the allowance the payer granted',
    body: fastCheckoutConfirmBody,
    response: fastCheckoutConfirmAnswer,
  }),
  payerChallenge: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/:id/payer-challenge',
    summary: 'A one-time message for the wallet to sign, proving the customer controls a payer account',
    body: payerChallengeBody,
    response: payerChallengeAnswer,
  }),
  payerProof: route({
    ...browser,
    method: 'POST',
    path: '/checkout-sessions/:id/payer-proof',
    summary:
      "The wallet's signature of the challenge: the account becomes one the customer may fast-pay from",
    body: payerProofBody,
    response: payerProofAnswer,
  }),
  benefits: route({
    ...browser,
    tag: 'Payment links (browser)',
    method: 'GET',
    path: '/payment-links/:id/benefits',
    summary: 'Beneficiaries of a payment link',
    response: z.array(beneficiary),
  }),
  expire: route({
    access: 'merchant',
    tag: 'Checkout sessions',
    method: 'PUT',
    path: '/checkout-sessions/:id/expire',
    summary: 'Expire an open checkout session now',
    response: checkoutSession,
  }),
};

const flag = z.enum(['0', '1', 'true', 'false']).optional();

/** What checkout prefill shows when the signed-in user has no customer yet (`fallback=1`). */
const fallbackCustomer = z.object({
  object: z.literal('customer'),
  id: z.null(),
  livemode: z.boolean(),
  did: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.null(),
  address: z.null(),
  metadata: z.object({}),
  fallback: z.literal(true),
});

const customerTag = 'Customers (browser)';

export const customerBrowserRoutes = {
  me: route({
    access: 'browser',
    tag: customerTag,
    method: 'GET',
    path: '/customers/me',
    summary: 'The signed-in user’s customer in the mode (`skipSummary=1`, `fallback=1` for prefill)',
    query: browserQuery.extend({ skipSummary: flag, fallback: flag }),
    response: z.union([
      customer.extend({
        summary: z.record(z.string(), z.unknown()).optional(),
        /** The time the customer lives in: their test clock's frozen time, null on real time. */
        clock_time: timestamp.nullable().optional(),
      }),
      fallbackCustomer,
    ]),
  }),
  syncToSpace: route({
    access: 'browser',
    tag: customerTag,
    method: 'POST',
    path: '/customers/sync-to-space',
    summary: 'Record that the signed-in user’s customer data is to be synced to their DID Space',
    body: z.unknown(),
    query: browserQuery,
    response: z.object({ synced: z.boolean(), endpoint: z.string(), customer_id: z.string().nullable() }),
  }),
};
