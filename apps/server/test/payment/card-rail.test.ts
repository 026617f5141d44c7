import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_UNPOSTED_TASK } from '../../src/payment/flows/find-unposted.js';
import { paymentIntents, refunds } from '../../src/db/schema/index.js';
import { toJson } from '../../src/rails/stripe/local/objects.js';
import { signatureHeader } from '../../src/rails/stripe/local/webhooks.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  answer3ds,
  payByCard,
  startCardWorld,
  WEBHOOK_SECRET,
  type CardWorld,
  type StripeTarget,
} from './card-support.js';
import { browserCall, newSession } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Card payments through the Stripe rail plugin against the local Stripe, over the HTTP API: the page
// confirms the PaymentIntent with Stripe.js (played here by card-support.ts) and posts its transfer
// reference; the provider's webhook completes a checkout whose page never came back.
let env: PaymentTestEnv;
let card: CardWorld;
let browser: TestBrowser;
let priceId: string;

const db = () => env.server.server.services.database.db;

beforeAll(async () => {
  env = await startPaymentEnv();
  card = await startCardWorld(env);
  const product = await env.test('POST', '/products', { body: { name: 'Card book' } });
  const price = await env.test('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: card.currencyId, unit_amount: '1999' },
  });
  expect(price.status, JSON.stringify(price.body)).toBe(200);
  priceId = String(price.body.id);
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Carla Card', 'carla@example.com'));
}, 120_000);
afterAll(async () => {
  await card?.local.stop();
  await env?.stop();
});

async function submitted(): Promise<{ cs: string; intentId: string; target: StripeTarget }> {
  const cs = await newSession(env.test, priceId, 1);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
    customer_name: 'Carla Card',
    customer_email: 'carla@example.com',
    payment_method: card.methodId,
    payment_currency: card.currencyId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { paymentIntent: { id: string }; paymentTarget: StripeTarget };
  expect(body.paymentTarget).toMatchObject({ rail: 'stripe', amount: '1999', currency: 'USD' });
  return { cs, intentId: body.paymentIntent.id, target: body.paymentTarget };
}

const post = (cs: string, target: StripeTarget) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: target.tx_ref });

async function sessionStatus(cs: string): Promise<{ status: string; payment_status: string }> {
  const res = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return (res.body as { checkoutSession: { status: string; payment_status: string } }).checkoutSession;
}

async function intentRow(id: string) {
  const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

describe('card payments through the Stripe rail', () => {
  it("checks a card method's keys when it is saved and says what is wrong", async () => {
    const settings = (publishable: string, secret: string) => ({
      type: 'stripe',
      name: 'Card (bad)',
      settings: { stripe: { publishable_key: publishable, secret_key: secret, api_host: card.local.url } },
    });
    const live = await env.test('POST', '/payment-methods', { body: settings('pk_live_x', 'sk_live_x') });
    expect(live.status).toBe(400);
    expect(live.body.error).toMatchObject({ code: 'rail_misconfigured', param: 'settings.stripe' });
    expect(String(live.body.error?.message)).toContain('test key');
    const refused = await env.test('POST', '/payment-methods', {
      body: settings('pk_test_x', 'sk_test_wrong'),
    });
    expect(refused.status).toBe(400);
    expect(String(refused.body.error?.message)).toContain('Stripe refused the secret key');
    const rolled = await env.test('PUT', `/payment-methods/${card.methodId}`, {
      body: { settings: { stripe: { publishable_key: 'pk_test_local_card', secret_key: 'sk_test_rolled' } } },
    });
    expect(rolled.status).toBe(400);
  });

  it('pays by 4242: the posted payment completes the checkout, the card is on the payment', async () => {
    card.local.webhooks.hold();
    const { cs, intentId, target } = await submitted();
    const confirmed = await payByCard(card.local, target, '4242424242424242');
    expect(confirmed.body.status).toBe('succeeded');
    const paid = await post(cs, target);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await sessionStatus(cs)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const row = await intentRow(intentId);
    expect(row).toMatchObject({ status: 'succeeded', amountReceived: 1999n });
    expect(row?.paymentDetails).toMatchObject({
      type: 'stripe',
      payment_intent_id: target.payment_intent_id,
      card_brand: 'visa',
      card_last4: '4242',
    });
    // The webhook arriving afterwards changes nothing.
    card.local.webhooks.release();
    await card.local.webhooks.settle();
    expect((await intentRow(intentId))?.amountReceived).toBe(1999n);
  });

  it('declines 0002 and 9995 with a message; the same payment then succeeds with another card', async () => {
    const { cs, target } = await submitted();
    const declined = await payByCard(card.local, target, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const refused = await post(cs, target);
    expect(refused.status).toBe(400);
    const poor = await payByCard(card.local, target, '4000000000009995');
    expect(poor.body.error).toMatchObject({ decline_code: 'insufficient_funds' });
    expect(await sessionStatus(cs)).toMatchObject({ status: 'open' });
    expect((await payByCard(card.local, target, '4242424242424242')).body.status).toBe('succeeded');
    expect((await post(cs, target)).status).toBe(200);
    expect(await sessionStatus(cs)).toMatchObject({ status: 'complete' });
  });

  it('3-D Secure: approved pays, failed leaves the checkout open for another card', async () => {
    const first = await submitted();
    expect((await payByCard(card.local, first.target, '4000002760003184')).body.status).toBe(
      'requires_action',
    );
    expect(await answer3ds(card.local, first.target, 'approve')).toBe('succeeded');
    expect((await post(first.cs, first.target)).status).toBe(200);
    expect(await sessionStatus(first.cs)).toMatchObject({ status: 'complete' });

    const second = await submitted();
    expect((await payByCard(card.local, second.target, '4000000000003220')).body.status).toBe(
      'requires_action',
    );
    expect(await answer3ds(card.local, second.target, 'fail')).toBe('requires_payment_method');
    expect((await post(second.cs, second.target)).status).toBe(400);
    expect(await sessionStatus(second.cs)).toMatchObject({ status: 'open' });
  });

  it('a webhook that arrives before the browser returns completes the checkout; the late post is fine', async () => {
    const { cs, target } = await submitted();
    expect((await payByCard(card.local, target, '4242424242424242')).body.status).toBe('succeeded');
    await until('the webhook completes the checkout', async () =>
      (await sessionStatus(cs)).status === 'complete' ? true : undefined,
    );
    expect((await post(cs, target)).status).toBe(200);
  });

  it('refuses a forged or altered webhook and does nothing again for a replayed one', async () => {
    const url = `/payment/api/rail-webhooks/${card.methodId}`;
    const { target } = await submitted();
    expect((await payByCard(card.local, target, '4242424242424242')).body.status).toBe('succeeded');
    await card.local.webhooks.settle();
    const event = card.local.store.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object.id === target.payment_intent_id,
    );
    expect(event).toBeDefined();
    const payload = toJson(event);
    const send = (body: string, signature: string) =>
      fetch(`${env.server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    const replay = await send(payload, signatureHeader(payload, WEBHOOK_SECRET));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const forged = await send(payload, signatureHeader(payload, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: 'webhook_signature_invalid' } });
    const altered = await send(payload.replace('1999', '1'), signatureHeader(payload, WEBHOOK_SECRET));
    expect(altered.status).toBe(400);
    const stale = await send(
      payload,
      signatureHeader(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(400);
  });

  it('answers a network error toward Stripe with a 400 and recovers on the next submit', async () => {
    const cs = await newSession(env.test, priceId, 1);
    const body = {
      customer_name: 'Carla Card',
      customer_email: 'carla@example.com',
      payment_method: card.methodId,
      payment_currency: card.currencyId,
    };
    // The SDK sends again once after a closed connection: two drops are one network error.
    // Only the PaymentIntent's creation: the server's background scans talk to Stripe meanwhile.
    card.local.dropOnly = 'POST /v1/payment_intents';
    card.local.dropNext = 2;
    const failed = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, body);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ error: { code: 'rail_misconfigured' } });
    const again = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const target = (again.body as { paymentTarget: StripeTarget }).paymentTarget;
    expect((await payByCard(card.local, target, '4242424242424242')).body.status).toBe('succeeded');
    expect((await post(cs, target)).status).toBe(200);
  });

  it('a page that died after paying and a lost webhook: the reconcile finds the payment, charged once', async () => {
    card.local.webhooks.hold();
    const { cs, intentId, target } = await submitted();
    // Submitting again (a page reloaded, a server restarted before answering) names the same PaymentIntent.
    const again = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
      customer_name: 'Carla Card',
      customer_email: 'carla@example.com',
      payment_method: card.methodId,
      payment_currency: card.currencyId,
    });
    expect((again.body as { paymentTarget: StripeTarget }).paymentTarget.payment_intent_id).toBe(
      target.payment_intent_id,
    );
    expect((await payByCard(card.local, target, '4242424242424242')).body.status).toBe('succeeded');
    // Nothing posts the payment and its webhook is held: the start-up / minute scan finds it by reference.
    await env.server.server.services.jobs.enqueue(FIND_UNPOSTED_TASK, { settleAfterMs: 0 });
    await until('the reconcile completes the checkout', async () =>
      (await sessionStatus(cs)).status === 'complete' ? true : undefined,
    );
    card.local.webhooks.release();
    await card.local.webhooks.settle();
    expect((await post(cs, target)).status).toBe(200);
    expect((await intentRow(intentId))?.amountReceived).toBe(1999n);
    const charged = [...card.local.store.charges.values()].filter(
      (c) => c.payment_intent === target.payment_intent_id,
    );
    expect(charged).toHaveLength(1);
    const made = [...card.local.store.paymentIntents.values()].filter(
      (i) => i.metadata.reference === intentId,
    );
    expect(made).toHaveLength(1);
  });

  it('refunds in part and then in full through Stripe', async () => {
    card.local.webhooks.hold();
    const { cs, intentId, target } = await submitted();
    await payByCard(card.local, target, '4242424242424242');
    expect((await post(cs, target)).status).toBe(200);
    card.local.webhooks.release();
    const part = await env.test('POST', '/refunds', { body: { payment_intent_id: intentId, amount: '500' } });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const done = (id: string) =>
      until(`refund ${id} succeeded`, async () => {
        const [row] = await db().select().from(refunds).where(eq(refunds.id, id));
        return row?.status === 'succeeded' ? row : undefined;
      });
    await done(String(part.body.id));
    const rest = await env.test('POST', '/refunds', { body: { payment_intent_id: intentId } });
    expect(rest.body).toMatchObject({ amount: '1499' });
    await done(String(rest.body.id));
    const atStripe = [...card.local.store.refunds.values()].filter(
      (r) => r.payment_intent === target.payment_intent_id,
    );
    expect(atStripe.map((r) => r.amount).sort()).toEqual([1499n, 500n]);
    const charge = card.local.store.charges.get(
      String(card.local.store.paymentIntents.get(target.payment_intent_id)?.latest_charge),
    );
    expect(charge?.refunded).toBe(true);
  });
});
