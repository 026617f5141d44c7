import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { advance, newClock } from './billing-support.js';
import { browserCall } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './support.js';

// The payment admin's billing lists and CSV exports: owners/admins and secret keys only; a signed-in
// customer is refused, a guest must sign in. CSV cells are quoted and formula-looking text defused.
let env: PaymentTestEnv;
let owner: TestBrowser;
let alice: TestBrowser;
let clock: string;
let sub: string;
let priceId: string;
const EVIL_NAME = '=HYPERLINK("http://evil.example","Click"), Inc';

async function csv(browser: TestBrowser, path: string) {
  const res = await browser.request(`/payment/api${path}`, { method: 'GET' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  [owner, alice] = await signInOwnerAliceBob(env.server.url);
  const { method, currencyId } = await seedCurrency(env.test);
  priceId = await recurringPrice(env.test, currencyId, 'Admin plan', '2500000', { interval: 'month' });
  clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
  const customer = await env.test('POST', '/customers', {
    body: { name: EVIL_NAME, email: 'evil@example.com' },
  });
  const created = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: customer.body.id,
      items: [{ price_id: priceId, quantity: 1 }],
      currency_id: currencyId,
      payment_method_id: method.id,
      collection_method: 'send_invoice',
      days_until_due: 7,
      test_clock_id: clock,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  sub = String(created.body.id);
  const paid = await env.test('POST', `/invoices/${String(created.body.latest_invoice_id)}/pay`, {
    body: { paid_out_of_band: true },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('invoice CSV export', () => {
  it('streams every invoice with quoted cells, defused formulas and decimal amounts', async () => {
    const res = await csv(owner, '/exports/invoices.csv?livemode=false');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'id,number,status,billing_reason,customer_id,customer_name,customer_email,subscription_id,currency,' +
        'total,amount_paid,amount_remaining,period_start,period_end,due_date,created_at',
    );
    const row = lines.find((l) => l.includes(sub)) ?? '';
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), Inc"`);
    expect(row).toContain(',TUSD,2.5,2.5,0,');
    expect(res.text.endsWith('\r\n')).toBe(true);
  });

  it('keeps the list filters: a status with no invoices gives only the header', async () => {
    const raw = await fetch(`${env.server.url}/payment/api/exports/invoices.csv?status=void`, {
      headers: { authorization: `Bearer ${TEST_SECRET}` },
    });
    expect(raw.status).toBe(200);
    expect((await raw.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('refuses a signed-in customer (403) and a guest (401), for invoices and payments', async () => {
    for (const path of ['/exports/invoices.csv', '/exports/payments.csv']) {
      expect((await csv(alice, `${path}?livemode=false`)).status).toBe(403);
      expect((await fetch(`${env.server.url}/payment/api${path}`)).status).toBe(401);
    }
    const payments = await csv(owner, '/exports/payments.csv?livemode=false');
    expect(payments.status).toBe(200);
    expect(payments.text.split('\r\n')[0]).toContain('id,status,customer_id,customer_name');
  });
});

describe('billing lists for the admin', () => {
  it('payment intents and refunds: owner and key 200, customer 403, guest 401', async () => {
    for (const path of ['/payment-intents', '/refunds']) {
      const own = await browserCall(owner, 'GET', `${path}?livemode=false`);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body).toMatchObject({ object: 'list', has_more: false });
      expect((await env.test('GET', path)).status).toBe(200);
      expect((await browserCall(alice, 'GET', `${path}?livemode=false`)).status).toBe(403);
      expect((await env.anonymous('GET', path)).status).toBe(401);
    }
  });

  it('subscriptions search by customer name and filter by price', async () => {
    const found = await env.test('GET', '/subscriptions', { query: { q: 'hyperlink', price_id: priceId } });
    expect((found.body.data as Array<{ id: string }>).map((s) => s.id)).toEqual([sub]);
    const none = await env.test('GET', '/subscriptions', { query: { q: 'nobody by that name' } });
    expect(none.body.data).toEqual([]);
    const invoices = await env.test('GET', '/invoices', { query: { q: 'HYPERLINK' } });
    expect(invoices.body.count).toBe(1);
  });

  it('a clock advanced one month shows its customer, subscription, both invoices and their events', async () => {
    await advance(env.test, clock, '2027-04-01T01:00:00.000Z');
    const res = await browserCall(owner, 'GET', `/test-clocks/${clock}/objects?livemode=false`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as unknown as {
      customers: Array<{ name: string }>;
      subscriptions: Array<{ id: string }>;
      invoices: Array<{ billing_reason: string }>;
      events: Array<{ type: string }>;
    };
    expect(body.customers.map((c) => c.name)).toEqual([EVIL_NAME]);
    expect(body.subscriptions.map((s) => s.id)).toEqual([sub]);
    expect(body.invoices.map((i) => i.billing_reason)).toEqual(['subscription_cycle', 'subscription_create']);
    expect(body.events.map((e) => e.type)).toContain('invoice.created');
    expect((await browserCall(alice, 'GET', `/test-clocks/${clock}/objects?livemode=false`)).status).toBe(
      403,
    );

    const timeline = await browserCall(owner, 'GET', `/subscriptions/${sub}/events?livemode=false`);
    expect(timeline.status).toBe(200);
    const types = (timeline.body.data as Array<{ type: string }>).map((e) => e.type);
    expect(types).toContain('customer.subscription.created');
    expect((await browserCall(alice, 'GET', `/subscriptions/${sub}/events?livemode=false`)).status).toBe(403);
  });
});
