// The local Stripe through the official SDK: payments with each test card, 3-D Secure, off-session
// charges on a saved card, refunds, idempotency, errors in Stripe's shape and signed webhooks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClient, Stripe } from '../client.js';
import { LocalStripe } from './server.js';

const SECRET = 'whsec_test_local';
let local: LocalStripe;
let hooks: Server;
const received: Array<{ body: string; signature: string }> = [];
let stripe: Stripe;

async function until<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const port = (hooks.address() as AddressInfo).port;
  local = await new LocalStripe({
    webhooks: [{ url: `http://127.0.0.1:${port}/hook`, secret: SECRET }],
  }).start();
  stripe = stripeClient('sk_test_local', local.url);
});

afterAll(async () => {
  await local.stop();
  await new Promise((resolve) => hooks.close(resolve));
});

const pay = (pm: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount: 1999,
    currency: 'usd',
    payment_method: pm,
    confirm: true,
    ...extra,
  });

async function authenticate(
  intent: { id: string; client_secret: string | null },
  result: 'approve' | 'fail',
) {
  const response = await fetch(`${local.url}/local/3ds/${intent.id}`, {
    method: 'POST',
    body: new URLSearchParams({ result, client_secret: intent.client_secret ?? '' }),
  });
  expect(response.status).toBe(200);
}

describe('local Stripe', () => {
  it('pays with 4242 and names the card on the charge', async () => {
    const intent = await pay('pm_card_visa', { metadata: { reference: 'pi_ours' } });
    expect(intent.status).toBe('succeeded');
    expect(intent.amount_received).toBe(1999);
    expect(intent.metadata.reference).toBe('pi_ours');
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge.payment_method_details?.card?.last4).toBe('4242');
    expect(charge.payment_method_details?.card?.brand).toBe('visa');
  });

  it('declines 0002 and 9995 with Stripe card errors, leaving the intent to try again', async () => {
    const declined = await pay('pm_card_chargeDeclined').catch((err: unknown) => err);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    const card = declined as Stripe.errors.StripeCardError;
    expect(card.decline_code).toBe('generic_decline');
    expect(card.payment_intent?.status).toBe('requires_payment_method');
    const poor = await pay('pm_card_chargeDeclinedInsufficientFunds').catch((err: unknown) => err);
    expect((poor as Stripe.errors.StripeCardError).decline_code).toBe('insufficient_funds');
    const retry = await stripe.paymentIntents.confirm(String(card.payment_intent?.id), {
      payment_method: 'pm_card_visa',
    });
    expect(retry.status).toBe('succeeded');
  });

  it('asks 3184 for 3-D Secure; approved pays, failed asks for another card', async () => {
    const first = await pay('pm_card_authenticationRequired');
    expect(first.status).toBe('requires_action');
    expect(first.next_action?.redirect_to_url?.url).toContain('/local/3ds/');
    const page = await fetch(String(first.next_action?.redirect_to_url?.url));
    expect(await page.text()).toContain('Complete authentication');
    await authenticate(first, 'approve');
    expect((await stripe.paymentIntents.retrieve(first.id)).status).toBe('succeeded');
    const second = await pay('pm_card_threeDSecure2Required');
    await authenticate(second, 'fail');
    const failed = await stripe.paymentIntents.retrieve(second.id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('charges a saved card off session; 3184 off session needs authentication', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(setup.status).toBe('succeeded');
    const renewal = await pay(String(setup.payment_method), { customer: customer.id, off_session: true });
    expect(renewal.status).toBe('succeeded');
    const saved = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    const err = await pay(saved.id, { customer: customer.id, off_session: true }).catch((e: unknown) => e);
    expect((err as Stripe.errors.StripeCardError).code).toBe('authentication_required');
    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.length).toBe(2);
  });

  it('refunds in part and in full, never more than was paid', async () => {
    const intent = await pay('pm_card_visa');
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(part.amount).toBe(500);
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1499);
    const over = await stripe.refunds
      .create({ payment_intent: intent.id, amount: 1 })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((await stripe.refunds.retrieve(part.id)).status).toBe('succeeded');
  });

  it('answers an idempotent request once and refuses the key with other parameters', async () => {
    const key = `idem-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    const c = await stripe.customers
      .create({ email: 'y@example.com' }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(c).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses live and unknown keys, unknown ids and a dropped connection', async () => {
    const live = stripeClient('sk_live_nope', local.url);
    await expect(live.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      code: 'resource_missing',
    });
    // The SDK sends again once after a closed connection, so two drops are one network error.
    local.dropNext = 2;
    await expect(stripe.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    await expect(stripe.customers.list()).resolves.toMatchObject({ object: 'list' });
  });

  it('signs webhooks so constructEvent verifies them, and a tampered one fails', async () => {
    const intent = await pay('pm_card_visa');
    const hook = await until(() =>
      received.find((r) => r.body.includes(intent.id) && r.body.includes('"payment_intent.succeeded"')),
    );
    const event = stripe.webhooks.constructEvent(hook.body, hook.signature, SECRET);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(() =>
      stripe.webhooks.constructEvent(hook.body.replace('1999', '1'), hook.signature, SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);
  });

  it('serves the Stripe.js stand-in and lets a publishable key confirm only with the client secret', async () => {
    const script = await (await fetch(`${local.url}/js/v3`)).text();
    expect(script).toContain('window.Stripe');
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const browser = stripeClient('pk_test_local', local.url);
    await expect(browser.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({
      param: 'client_secret',
    });
    const method = await fetch(`${local.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_local', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=40&billing_details[address][postal_code]=10001',
    });
    const pm = (await method.json()) as { id: string };
    const confirmed = await browser.paymentIntents.confirm(intent.id, {
      payment_method: pm.id,
      client_secret: String(intent.client_secret),
    } as Stripe.PaymentIntentConfirmParams);
    expect(confirmed.status).toBe('succeeded');
    await expect(browser.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
