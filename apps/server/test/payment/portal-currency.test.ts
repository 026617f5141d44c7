import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { advance, getSub, invoicesOf, newClock } from './billing-support.js';
import { browserCall } from './pay-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// A signed-in customer changes the currency (and with it the payment method) their subscription's
// future invoices are made in, over HTTP on real PostgreSQL. The plan is priced in TUSD (Local EVM)
// with a TETH option on a second chain; TEUR (of the first chain) prices nothing. Subscriptions bill by
// send_invoice on a test clock (no chain needed): March 2027, 31,000,000 TUSD or 17,000,000 TETH a month.
let env: PaymentTestEnv;
let tusd: string;
let teth: string;
let teur: string;
let firstMethod: string;
let secondMethod: string;
let plan: string;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceDid: string;
let aliceCustomer: string | undefined;

const db = () => env.server.server.services.database.db;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Alice's subscription to the plan, its first month paid, on a clock at March 11. */
async function subscribe() {
  const clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
  aliceCustomer ??= String(
    ok(await env.test('POST', '/customers', { body: { name: 'Alice', did: aliceDid } }), 'customer').id,
  );
  const sub = ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: aliceCustomer,
        items: [{ price_id: plan, quantity: 1 }],
        currency_id: tusd,
        payment_method_id: firstMethod,
        collection_method: 'send_invoice',
        test_clock_id: clock,
      },
    }),
    'subscription',
  );
  ok(
    await env.test('POST', `/invoices/${String(sub.latest_invoice_id)}/pay`, {
      body: { paid_out_of_band: true },
    }),
    'pay',
  );
  await advance(env.test, clock, '2027-03-11T00:00:00.000Z');
  return { id: String(sub.id), clock };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  tusd = seeded.currencyId;
  firstMethod = String(seeded.method.id);
  const second = ok(
    await env.test('POST', '/payment-methods', {
      body: {
        type: 'ethereum',
        name: 'Second EVM',
        settings: {
          ethereum: { chain_id: 31338, api_host: 'http://127.0.0.1:8546', explorer_host: 'http://localhost' },
        },
      },
    }),
    'method',
  );
  secondMethod = String(second.id);
  const currency = async (method: string, symbol: string) =>
    String(
      ok(
        await env.test('POST', '/payment-currencies', {
          body: { payment_method_id: method, symbol, name: symbol, decimal: 6 },
        }),
        symbol,
      ).id,
    );
  teth = await currency(secondMethod, 'TETH');
  teur = await currency(firstMethod, 'TEUR');
  const product = ok(await env.test('POST', '/products', { body: { name: 'Dual plan' } }), 'product');
  plan = String(
    ok(
      await env.test('POST', '/prices', {
        body: {
          product_id: product.id,
          currency_id: tusd,
          unit_amount: '31000000',
          currency_options: [{ currency_id: teth, unit_amount: '17000000' }],
          recurring: { interval: 'month' },
        },
      }),
      'price',
    ).id,
  );
  const owner = new TestBrowser(env.server.url);
  await signIn(owner, newWallet('Olivia Owner', 'owner@example.com'));
  alice = new TestBrowser(env.server.url);
  aliceDid = (await signIn(alice, newWallet('Alice Example', 'alice@example.com'))).did;
  bob = new TestBrowser(env.server.url);
  await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('a customer changes the currency of future invoices', () => {
  it('moves future invoices to a currency the plan is sold in; the open invoice keeps its own', async () => {
    const sub = await subscribe();
    const url = `/subscriptions/${sub.id}?livemode=false`;
    // An upgrade leaves an open TUSD invoice (due now) that a currency change must not touch.
    const upgraded = ok(await browserCall(alice, 'POST', url, { quantity: 2 }), 'upgrade');
    const open = String(upgraded.latest_invoice_id);
    const before = ok(await env.test('GET', `/invoices/${open}`), 'open invoice');
    expect([before.status, before.currency_id]).toEqual(['open', tusd]);

    // Someone else's subscription does not exist for them.
    expect((await browserCall(bob, 'POST', url, { currency_id: teth })).status).toBe(404);

    // The method comes with the currency: TETH is the second chain's.
    const changed = ok(await browserCall(alice, 'POST', url, { currency_id: teth }), 'change');
    expect([changed.currency_id, changed.default_payment_method_id]).toEqual([teth, secondMethod]);
    const after = ok(await env.test('GET', `/invoices/${open}`), 'open invoice');
    expect([after.status, after.currency_id, after.total]).toEqual(['open', tusd, before.total]);
    // Its payment method too: it is still collected on the first chain.
    expect([before.payment_method_id, after.payment_method_id]).toEqual([firstMethod, firstMethod]);

    // The open upgrade is settled in TUSD; the next period is billed in TETH at the option's amount.
    ok(await env.test('POST', `/invoices/${open}/pay`, { body: { paid_out_of_band: true } }), 'pay upgrade');
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect([cycle?.currencyId, cycle?.paymentMethodId, cycle?.total]).toEqual([
      teth,
      secondMethod,
      34_000_000n,
    ]);
  }, 60_000);

  it('leaves a past-due invoice in its currency and method; only the next period moves', async () => {
    const clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
    const sub = ok(
      await env.test('POST', '/subscriptions', {
        body: {
          customer_id: aliceCustomer,
          items: [{ price_id: plan, quantity: 1 }],
          currency_id: tusd,
          payment_method_id: firstMethod,
          collection_method: 'send_invoice',
          days_until_due: 1,
          test_clock_id: clock,
        },
      }),
      'subscription',
    );
    const id = String(sub.id);
    ok(
      await env.test('POST', `/invoices/${String(sub.latest_invoice_id)}/pay`, {
        body: { paid_out_of_band: true },
      }),
      'pay',
    );
    // April's invoice was due on April 2: on April 3 it is past due.
    await advance(env.test, clock, '2027-04-03T00:00:00.000Z');
    const pastDue = (await invoicesOf(db(), id)).at(-1);
    if (!pastDue) throw new Error('no April invoice');
    expect([pastDue.billingReason, pastDue.status, pastDue.dueDate?.toISOString()]).toEqual([
      'subscription_cycle',
      'open',
      '2027-04-02T00:00:00.000Z',
    ]);
    expect((await getSub(env.test, id)).status).toBe('past_due');

    const changed = ok(
      await browserCall(alice, 'POST', `/subscriptions/${id}?livemode=false`, { currency_id: teth }),
      'change',
    );
    expect([changed.currency_id, changed.default_payment_method_id]).toEqual([teth, secondMethod]);
    const kept = ok(await env.test('GET', `/invoices/${pastDue.id}`), 'past-due invoice');
    expect([kept.currency_id, kept.payment_method_id, kept.total]).toEqual([tusd, firstMethod, '31000000']);

    ok(await env.test('POST', `/invoices/${pastDue.id}/pay`, { body: { paid_out_of_band: true } }), 'pay');
    await advance(env.test, clock, '2027-05-01T00:00:00.000Z');
    const may = (await invoicesOf(db(), id)).at(-1);
    expect([may?.currencyId, may?.paymentMethodId, may?.total]).toEqual([teth, secondMethod, 17_000_000n]);
  }, 60_000);

  it('refuses a currency the plan is not sold in, or a method the currency is not of, in en and zh', async () => {
    const sub = await subscribe();
    const url = `/subscriptions/${sub.id}?livemode=false`;
    const refused = await browserCall(alice, 'POST', url, { currency_id: teur });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'currency_not_supported',
      param: 'currency_id',
      message: 'This subscription cannot be billed in TEUR: its prices are not available in that currency',
    });
    const zh = await browserCall(alice, 'POST', `${url}&locale=zh`, { currency_id: teur });
    expect(zh.status).toBe(400);
    expect((zh.body.error as { message: string }).message).toBe('该订阅无法以 TEUR 计费：其价格不支持该币种');

    const mismatch = await browserCall(alice, 'POST', url, {
      currency_id: teth,
      payment_method_id: firstMethod,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({
      code: 'payment_method_not_supported',
      message: 'This payment method cannot bill this subscription in TETH',
    });
    // A customer still may not change the billing terms alongside.
    expect(
      (
        await browserCall(alice, 'POST', url, {
          currency_id: teth,
          collection_method: 'charge_automatically',
        })
      ).status,
    ).toBe(403);
    const unchanged = ok(await env.test('GET', `/subscriptions/${sub.id}`), 'subscription');
    expect([unchanged.currency_id, unchanged.default_payment_method_id]).toEqual([tusd, firstMethod]);
  }, 60_000);
});
