import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { advance, invoicesOf, newClock } from './billing-support.js';
import { browserCall } from './pay-support.js';
import { createPrice, seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// The customer portal's plan change over HTTP, as the signed-in customer (SPEC §4: changing plan can
// require payment, and credit is applied or issued). March 2027 has 31 days; Team Basic costs
// 31,000,000 a month and Team Pro 62,000,000, so a change on March 11 at 00:00 (21 days left) credits
// 21,000,000 of Basic's unused time and charges 42,000,000 of Pro's remaining time.
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let basic: string;
let pro: string;
let yearly: string;
let enterprise: string;
let hidden: string;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceDid: string;

const db = () => env.server.server.services.database.db;
const MARCH_1 = '2027-03-01T00:00:00.000Z';
const MARCH_11 = '2027-03-11T00:00:00.000Z';

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const month = { recurring: { interval: 'month' } };

let aliceCustomer: string;

/** A paid month of `price` for Alice (one customer record per DID), on a clock at March 11. */
async function subscribe(price: string) {
  const clock = await newClock(env.test, MARCH_1);
  const customer = { id: aliceCustomer };
  const sub = ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer.id,
        items: [{ price_id: price, quantity: 1 }],
        currency_id: currencyId,
        payment_method_id: methodId,
        collection_method: 'send_invoice',
        days_until_due: 30,
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
  await advance(env.test, clock, MARCH_11);
  return { id: String(sub.id), customer: String(customer.id), clock };
}

const as = (who: TestBrowser, method: string, path: string, body?: unknown) =>
  browserCall(who, method, `${path}${path.includes('?') ? '&' : '?'}livemode=false`, body);

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  const product = async (name: string) =>
    String(ok(await env.test('POST', '/products', { body: { name } }), 'product').id);
  const team = await product('Team');
  basic = await createPrice(env.test, currencyId, team, { unit_amount: '31000000', ...month });
  pro = await createPrice(env.test, currencyId, team, { unit_amount: '62000000', ...month });
  yearly = await createPrice(env.test, currencyId, team, {
    unit_amount: '300000000',
    recurring: { interval: 'year' },
  });
  // Another product's plan is offered only once the merchant marks it switchable.
  enterprise = await createPrice(env.test, currencyId, await product('Enterprise'), {
    unit_amount: '93000000',
    ...month,
  });
  const marked = ok(await env.test('PUT', `/prices/${enterprise}`, { body: { switchable: true } }), 'mark');
  expect(marked.switchable).toBe(true);
  hidden = await createPrice(env.test, currencyId, await product('Hidden'), {
    unit_amount: '1000000',
    ...month,
  });
  // The first to sign in owns the store; Alice and Bob are plain customers.
  await signIn(new TestBrowser(env.server.url), newWallet('Olivia Owner', 'owner@example.com'));
  alice = new TestBrowser(env.server.url);
  aliceDid = (await signIn(alice, newWallet('Alice Example', 'alice@example.com'))).did;
  const customer = await env.test('POST', '/customers', { body: { name: 'Alice', did: aliceDid } });
  aliceCustomer = String(ok(customer, 'customer').id);
  bob = new TestBrowser(env.server.url);
  await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('portal plan change', () => {
  it('offers the product’s other prices and switchable plans on the same interval, cheapest first', async () => {
    const sub = await subscribe(basic);
    const options = ok(await as(alice, 'GET', `/subscriptions/${sub.id}/plan-options`), 'options');
    const data = options.data as Array<{ price_id: string; unit_amount: string; same_product: boolean }>;
    expect(data.map((o) => [o.price_id, o.unit_amount, o.same_product])).toEqual([
      [pro, '62000000', true],
      [enterprise, '93000000', false],
    ]);
    expect(data.map((o) => o.price_id)).not.toContain(yearly);
    expect(data.map((o) => o.price_id)).not.toContain(hidden);
  }, 60_000);

  it('an upgrade previews the amount due, bills exactly that, applies once paid, and a retry bills nothing more', async () => {
    const sub = await subscribe(basic);
    const preview = ok(
      await as(alice, 'GET', `/subscriptions/${sub.id}/upcoming-invoice?items=${pro}:1`),
      'preview',
    );
    expect(preview.proration).toMatchObject({
      net: '21000000',
      credit: '0',
      pending: true,
      invoice: { total: '21000000', amount_due: '21000000', applied_balance: '0' },
    });
    const date = (preview.proration as { proration_date: string }).proration_date;
    const body = { items: [{ price_id: pro, quantity: 1 }], proration_date: date };
    const changed = ok(await as(alice, 'POST', `/subscriptions/${sub.id}`, body), 'change');
    expect(changed.pending_update).toMatchObject({ items: [{ price_id: pro, quantity: 1 }] });
    const again = await as(alice, 'POST', `/subscriptions/${sub.id}`, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const updates = (await invoicesOf(db(), sub.id)).filter((r) => r.billingReason === 'subscription_update');
    expect(updates.map((r) => [r.status, r.total, r.amountDue])).toEqual([
      ['open', 21_000_000n, 21_000_000n],
    ]);
    // The customer pays it (here recorded by the merchant); the new plan then applies.
    const invoiceId = String((changed.pending_update as { invoice_id: string }).invoice_id);
    ok(await env.test('POST', `/invoices/${invoiceId}/pay`, { body: { paid_out_of_band: true } }), 'pay');
    const after = ok(await as(alice, 'GET', `/subscriptions/${sub.id}`), 'after');
    expect(after.items).toMatchObject([{ price_id: pro, quantity: 1 }]);
    expect(after.pending_update ?? null).toBeNull();
  }, 60_000);

  it('a downgrade issues the unused time as credit at once, which the next invoice consumes', async () => {
    const sub = await subscribe(pro);
    const preview = ok(
      await as(alice, 'GET', `/subscriptions/${sub.id}/upcoming-invoice?items=${basic}:1`),
      'preview',
    );
    expect(preview.proration).toMatchObject({ net: '-21000000', credit: '21000000', invoice: null });
    // The renewal after it: 31,000,000 less the 21,000,000 credit.
    expect(preview).toMatchObject({ total: '31000000', amount_due: '10000000' });
    const changed = ok(
      await as(alice, 'POST', `/subscriptions/${sub.id}`, { items: [{ price_id: basic, quantity: 1 }] }),
      'change',
    );
    expect(changed.items).toMatchObject([{ price_id: basic, quantity: 1 }]);
    // Sent again (a retried confirm): the plan is already Basic, nothing more is credited or billed.
    ok(
      await as(alice, 'POST', `/subscriptions/${sub.id}`, { items: [{ price_id: basic, quantity: 1 }] }),
      'again',
    );
    const balance = ok(await env.test('GET', `/customers/${sub.customer}/balance-transactions`), 'balance');
    expect(balance.data).toMatchObject([{ type: 'proration_credit', amount: '21000000' }]);
    expect((balance.data as unknown[]).length).toBe(1);
    expect((await invoicesOf(db(), sub.id)).map((r) => r.billingReason)).toEqual(['subscription_create']);
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect([cycle?.total, cycle?.amountDue]).toEqual([31_000_000n, 10_000_000n]);
  }, 60_000);

  it('refuses a price that is not offered (400, catalogued, en and zh) and another customer’s subscription (404)', async () => {
    const sub = await subscribe(basic);
    for (const price of [hidden, yearly]) {
      const post = await as(alice, 'POST', `/subscriptions/${sub.id}`, {
        items: [{ price_id: price, quantity: 1 }],
      });
      expect(post.status).toBe(400);
      expect(post.body.error).toMatchObject({
        code: 'subscription_price_not_switchable',
        param: 'items.0.price_id',
      });
    }
    const zh = await as(
      alice,
      'GET',
      `/subscriptions/${sub.id}/upcoming-invoice?items=${hidden}:1&locale=zh`,
    );
    expect(zh.status).toBe(400);
    expect((zh.body.error as { message: string }).message).toContain('无法将此订阅切换到价格');
    for (const [method, path, body] of [
      ['GET', `/subscriptions/${sub.id}/plan-options`, undefined],
      ['GET', `/subscriptions/${sub.id}/upcoming-invoice?items=${pro}:1`, undefined],
      ['POST', `/subscriptions/${sub.id}`, { items: [{ price_id: pro, quantity: 1 }] }],
    ] as const) {
      expect((await as(bob, method, path, body)).status).toBe(404);
    }
    // Nothing changed: no invoice beyond the first, the same item.
    expect((await invoicesOf(db(), sub.id)).map((r) => r.billingReason)).toEqual(['subscription_create']);
    // The merchant (secret key) is not held to the portal's options.
    ok(
      await env.test('POST', `/subscriptions/${sub.id}`, {
        body: { items: [{ price_id: hidden, quantity: 1 }] },
      }),
      'merchant change',
    );
  }, 60_000);
});
