// The card rail's test world: a local Stripe whose webhooks go to the test server, a `stripe` card
// method and a USD currency on it, and what a browser's Stripe.js does (card form → PaymentMethod,
// confirm with the client secret, answer the 3-D Secure page).
import { expect } from 'vitest';
import { LocalStripe } from '../../src/rails/stripe/local/server.js';
import type { PaymentTestEnv } from './support.js';

export const WEBHOOK_SECRET = 'whsec_card_rail_test';
export const PUBLISHABLE = 'pk_test_local_card';
export const SECRET = 'sk_test_local_card';

export interface CardWorld {
  local: LocalStripe;
  methodId: string;
  currencyId: string;
}

export async function startCardWorld(env: PaymentTestEnv): Promise<CardWorld> {
  const local = await new LocalStripe({ secretKey: SECRET, webhookRetryDelayMs: 200 }).start();
  const method = await env.test('POST', '/payment-methods', {
    body: {
      type: 'stripe',
      name: 'Card (test)',
      settings: {
        stripe: {
          publishable_key: PUBLISHABLE,
          secret_key: SECRET,
          webhook_signing_secret: WEBHOOK_SECRET,
          api_host: local.url,
        },
      },
    },
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const methodId = String(method.body.id);
  local.webhooks.add(`${env.server.url}/payment/api/rail-webhooks/${methodId}`, ['*'], WEBHOOK_SECRET);
  const currency = await env.test('POST', '/payment-currencies', {
    body: { payment_method_id: methodId, symbol: 'USD', name: 'US dollar', decimal: 2 },
  });
  expect(currency.status, JSON.stringify(currency.body)).toBe(200);
  return { local, methodId, currencyId: String(currency.body.id) };
}

export interface StripeTarget {
  rail: 'stripe';
  payment_intent_id: string;
  client_secret: string;
  publishable_key: string;
  tx_ref: string;
}

interface Confirmed {
  status: number;
  body: { status?: string; error?: { code?: string; decline_code?: string; message?: string } };
}

async function pkCall(local: LocalStripe, path: string, form: Record<string, string>): Promise<Confirmed> {
  const res = await fetch(`${local.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Confirmed['body'] };
}

/** What Stripe.js does on "Pay": a PaymentMethod from the card form, then confirm with the client secret. */
export async function payByCard(
  local: LocalStripe,
  target: StripeTarget,
  number: string,
): Promise<Confirmed> {
  const method = await pkCall(local, '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '40',
    'card[cvc]': '123',
    'billing_details[address][postal_code]': '94107',
  });
  expect(method.status).toBe(200);
  return pkCall(local, `/v1/payment_intents/${target.payment_intent_id}/confirm`, {
    client_secret: target.client_secret,
    payment_method: String((method.body as { id?: string }).id),
  });
}

/** The customer's answer on the bank's 3-D Secure page. */
export async function answer3ds(
  local: LocalStripe,
  target: StripeTarget,
  result: 'approve' | 'fail',
): Promise<string> {
  const res = await fetch(`${local.url}/local/3ds/${target.payment_intent_id}`, {
    method: 'POST',
    body: new URLSearchParams({ result, client_secret: target.client_secret }),
  });
  return String(((await res.json()) as { status?: string }).status);
}
