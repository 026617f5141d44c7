import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { advance, newClock } from './billing-support.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { recurringPrice, subscriptionSession } from './subscription-support.js';
import { startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Issue 20 item 6: a customer lives on a test clock. The customer API (create and update) takes a
// `test_clock` in test mode only (a live-mode or unknown clock is a catalogued 400); a subscription
// made for a customer on a clock, through checkout or the API, runs on that clock; the portal reads
// the clock's time from /customers/me ("Paid this year" counts the clock's year).
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let cat: Catalog;
let monthly: string;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  [, alice] = await signInOwnerAliceBob(env.server.url);
  monthly = await recurringPrice(env.test, cat.currencyId, 'Clock plan', '5000000', { interval: 'month' });
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

const errorOf = (res: Answer) => res.body.error as { code?: string; param?: string } | undefined;

/** A free-trial checkout of the monthly plan by Alice: completes at submit, nothing to pay. */
async function trialCheckout() {
  const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }], {
    trial_period_days: 7,
  });
  const res = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = res.body.checkoutSession as {
    status: string;
    invoice_id: string | null;
    subscription_id: string | null;
  };
  expect(session.status).toBe('complete');
  return { customer: (res.body.customer as { id: string }).id, session };
}

describe('customers on a test clock', () => {
  it('the customer API takes a test clock in test mode only, and only a clock that exists', async () => {
    const clock = await newClock(env.test, '2031-03-10T00:00:00.000Z');
    const made = await env.test('POST', '/customers', { body: { name: 'Clocked', test_clock: clock } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ test_clock: clock });
    const id = String(made.body.id);

    const live = await env.live('POST', '/customers', { body: { name: 'Live', test_clock: clock } });
    expect(live.status).toBe(400);
    expect(errorOf(live)).toMatchObject({ code: 'test_clock_livemode', param: 'test_clock' });
    const unknown = await env.test('POST', '/customers', { body: { name: 'X', test_clock: 'clock_none' } });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'resource_missing', param: 'test_clock' });
    const badUpdate = await env.test('PUT', `/customers/${id}`, { body: { test_clock: 'clock_none' } });
    expect(badUpdate.status).toBe(400);
    expect(errorOf(badUpdate)).toMatchObject({ code: 'resource_missing', param: 'test_clock' });
    const off = await env.test('PUT', `/customers/${id}`, { body: { test_clock: null } });
    expect(off.body).toMatchObject({ test_clock: null });
    const on = await env.test('PUT', `/customers/${id}`, { body: { test_clock: clock } });
    expect(on.body).toMatchObject({ test_clock: clock });

    // A subscription the API makes for her runs on her clock, from its time.
    const sub = await env.test('POST', '/subscriptions', {
      body: {
        customer_id: id,
        items: [{ price_id: monthly, quantity: 1 }],
        currency_id: cat.currencyId,
        payment_method_id: cat.methodId,
        collection_method: 'send_invoice',
        days_until_due: 30,
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body).toMatchObject({
      test_clock_id: clock,
      current_period_start: '2031-03-10T00:00:00.000Z',
    });
  });

  it("a subscription bought through checkout joins the customer's clock, and the portal reads its time", async () => {
    const before = await trialCheckout();
    const real = await env.test('GET', `/subscriptions/${before.session.subscription_id ?? '-'}`);
    expect(real.body).toMatchObject({ test_clock_id: null });

    const clock = await newClock(env.test, '2032-05-01T00:00:00.000Z');
    const joined = await env.test('PUT', `/customers/${before.customer}`, { body: { test_clock: clock } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    const bought = await trialCheckout();
    expect(bought.customer).toBe(before.customer);
    const subId = bought.session.subscription_id ?? '-';
    const sub = await env.test('GET', `/subscriptions/${subId}`);
    expect(sub.body).toMatchObject({
      test_clock_id: clock,
      status: 'trialing',
      current_period_start: '2032-05-01T00:00:00.000Z',
      trial_end: '2032-05-08T00:00:00.000Z',
    });
    const invoice = await env.test('GET', `/invoices/${bought.session.invoice_id ?? '-'}`);
    expect(invoice.body).toMatchObject({ test_clock_id: clock, created_at: '2032-05-01T00:00:00.000Z' });

    const me = await browserCall(alice, 'GET', '/customers/me?livemode=false&skipSummary=1');
    expect(me.body).toMatchObject({ test_clock: clock, clock_time: '2032-05-01T00:00:00.000Z' });

    // It runs on the clock: the trial ends, and the renewal is invoiced, when the clock passes it.
    const invoicesOf = async () =>
      (await env.test('GET', '/invoices', { query: { subscription_id: subId } })).body.count as number;
    expect(await invoicesOf()).toBe(1);
    await advance(env.test, clock, '2032-05-09T00:00:00.000Z');
    expect(await invoicesOf()).toBe(2);
    const after = await env.test('GET', `/subscriptions/${subId}`);
    expect(after.body).toMatchObject({ current_period_start: '2032-05-08T00:00:00.000Z' });
  });
});
