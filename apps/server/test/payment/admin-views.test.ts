// The payment admin's views on a real database over HTTP: the overview's exact sums against seeded
// payments, subscriptions and invoices; one customer's activity; merchant refunds (full, partial, never
// beyond what was received); donation setting records; and who may call each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { invoices, paymentIntents, subscriptionItems, subscriptions } from '../../src/db/schema/index.js';
import { credit } from '../../src/payment/balances/index.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall } from './pay-support.js';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

let env: PaymentTestEnv;
let db: Db;
let owner: TestBrowser;
let alice: TestBrowser;
let usd: string;
let eur: string;
let methodId: string;
let customerId: string;

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (n: number) => new Date(now - n * DAY);
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
/** Far beyond 2^64: the sums must stay exact. */
const HUGE = 123456789012345678901234567890n;
let seq = 0;
/** The server orders rows by byte value (COLLATE "C"), whatever the database's locale. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const id = (prefix: string) => `${prefix}_adminviews${String(seq++).padStart(8, '0')}`;

async function intent(
  amountReceived: bigint,
  createdAt: Date,
  extra: Partial<typeof paymentIntents.$inferInsert> = {},
) {
  const row = {
    id: id('pi'),
    livemode: false,
    status: 'succeeded' as const,
    amount: amountReceived,
    amountReceived,
    currencyId: usd,
    customerId,
    paymentMethodId: methodId,
    paymentDetails: { payer: '0x00000000000000000000000000000000000000aa' },
    createdAt,
    ...extra,
  };
  await db.insert(paymentIntents).values(row);
  return row.id;
}

async function subscription(
  priceId: string,
  quantity: number,
  interval: 'month' | 'year',
  start: Date,
  extra: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const subId = id('sub');
  await db.insert(subscriptions).values({
    id: subId,
    livemode: false,
    status: 'active',
    customerId,
    currencyId: usd,
    recurringInterval: interval,
    startDate: start,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
    ...extra,
  });
  await db
    .insert(subscriptionItems)
    .values({ id: id('si'), livemode: false, subscriptionId: subId, priceId, quantity });
}

beforeAll(async () => {
  env = await startPaymentEnv();
  db = env.server.server.services.database.db;
  const a = await seedCurrency(env.test);
  const b = await seedCurrency(env.test, 2, 2);
  usd = a.currencyId;
  eur = b.currencyId;
  methodId = String(a.method.id);
  customerId = String((await env.test('POST', '/customers', { body: { name: 'Carol Customer' } })).body.id);
  [owner, alice] = await signInOwnerAliceBob(env.server.url);
});
afterAll(() => env?.stop());

describe('overview', () => {
  it('sums succeeded payments per UTC day and currency exactly, and nothing else', async () => {
    await intent(1_000_000n, daysAgo(0));
    await intent(2_500_000n, daysAgo(0));
    await intent(7n, daysAgo(0), { currencyId: eur });
    await intent(HUGE, daysAgo(1));
    await intent(HUGE, daysAgo(1));
    await intent(999n, daysAgo(0), { status: 'canceled', amountReceived: 0n });
    await intent(555n, daysAgo(2), { livemode: true });
    await intent(444n, daysAgo(40));

    const res = await env.test('GET', '/overview', { query: { days: '30' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.to).toBe(day(0));
    expect(res.body.from).toBe(day(29));
    expect(res.body.revenue).toEqual(
      [
        { date: day(1), currency_id: usd, amount: (2n * HUGE).toString() },
        { date: day(0), currency_id: usd, amount: '3500000' },
        { date: day(0), currency_id: eur, amount: '7' },
      ].sort((x, y) => byteOrder(x.date + x.currency_id, y.date + y.currency_id)),
    );
    const recent = res.body.recent_payments as Array<{ amount_received: string }>;
    expect(recent.map((p) => p.amount_received)).not.toContain('0');
    expect((res.body.currencies as Array<{ id: string }>).map((c) => c.id).sort()).toEqual([usd, eur].sort());
    // The 40-day-old payment shows in a 60-day window.
    const wide = await env.test('GET', '/overview', { query: { days: '60' } });
    expect(wide.body.revenue).toContainEqual({ date: day(40), currency_id: usd, amount: '444' });
  });

  it('counts MRR and active subscriptions at the end of each day', async () => {
    const product = await createProduct(env.test);
    const monthly = await createPrice(env.test, usd, product, {
      unit_amount: '10000000',
      recurring: { interval: 'month' },
    });
    const yearly = await createPrice(env.test, usd, product, {
      unit_amount: '120000012',
      recurring: { interval: 'year' },
    });
    await subscription(monthly, 2, 'month', daysAgo(3));
    await subscription(yearly, 1, 'year', daysAgo(1));
    await subscription(monthly, 1, 'month', daysAgo(10), { status: 'canceled', endedAt: daysAgo(2) });
    await subscription(monthly, 5, 'month', daysAgo(1), { status: 'trialing', trialEnd: daysAgo(-5) });
    await subscription(monthly, 9, 'month', daysAgo(1), { status: 'incomplete' });

    const res = await env.test('GET', '/overview', { query: { days: '5' } });
    expect(res.status).toBe(200);
    const series = res.body.subscriptions as Array<{ date: string; mrr: string; active: number }>;
    const at = (n: number) => series.find((s) => s.date === day(n));
    // Yesterday and today: 2 x 10 + 120.000012 / 12 (= 10.000001) TUSD; the trial counts, adds no MRR.
    expect(at(0)).toMatchObject({ mrr: '30000001', active: 3 });
    expect(at(1)).toMatchObject({ mrr: '30000001', active: 3 });
    // Three days ago: the monthly plan of 2 and the one canceled two days ago.
    expect(at(3)).toMatchObject({ mrr: '30000000', active: 2 });
  });

  it('answers what open invoices past due and uncollectible ones still owe', async () => {
    const base = { livemode: false, billingReason: 'manual' as const, customerId, currencyId: usd };
    await db.insert(invoices).values([
      { ...base, id: id('in'), status: 'open', amountRemaining: 500n, dueDate: daysAgo(1) },
      { ...base, id: id('in'), status: 'uncollectible', amountRemaining: 300n },
      { ...base, id: id('in'), status: 'open', amountRemaining: 999n, dueDate: daysAgo(-3) },
      { ...base, id: id('in'), status: 'paid', amountRemaining: 0n, dueDate: daysAgo(4) },
    ]);
    const res = await env.test('GET', '/overview');
    expect(res.body.past_due).toEqual([{ currency_id: usd, amount: '800', count: 2 }]);
  });
});

describe('merchant refunds', () => {
  it('refunds in part, then the rest, and never more than was received', async () => {
    const pi = await intent(1000n, daysAgo(0));
    const part = await env.test('POST', '/refunds', {
      body: { payment_intent_id: pi, amount: '400', reason: 'requested_by_customer' },
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ amount: '400', status: 'pending', reason: 'requested_by_customer' });
    expect(part.body.metadata).toMatchObject({ refund_to: '0x00000000000000000000000000000000000000aa' });

    const tooMuch = await env.test('POST', '/refunds', { body: { payment_intent_id: pi, amount: '601' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ code: 'refund_exceeds_refundable', param: 'amount' });

    const rest = await env.test('POST', '/refunds', { body: { payment_intent_id: pi } });
    expect(rest.body).toMatchObject({ amount: '600', reason: 'requested_by_admin' });
    const again = await env.test('POST', '/refunds', { body: { payment_intent_id: pi, amount: '1' } });
    expect(again.body.error?.message).toBe('At most 0 of this payment can still be refunded');
  });

  it('refuses a payment that did not succeed, an unknown one, and a bad reason', async () => {
    const open = await intent(0n, daysAgo(0), { status: 'requires_payment_method' });
    const res = await env.test('POST', '/refunds', { body: { payment_intent_id: open } });
    expect(res.body.error?.code).toBe('refund_not_refundable');
    expect(
      (await env.test('POST', '/refunds', { body: { payment_intent_id: 'pi_nothere123' } })).status,
    ).toBe(404);
    const pi = await intent(10n, daysAgo(0));
    const bad = await env.test('POST', '/refunds', { body: { payment_intent_id: pi, reason: 'because' } });
    expect(bad.status).toBe(400);
    // A live key does not see a test payment.
    expect((await env.live('POST', '/refunds', { body: { payment_intent_id: pi } })).status).toBe(404);
  });
});

describe('customer activity', () => {
  it('shows balances per currency, payments, refunds and the events about the customer', async () => {
    await credit(db, { livemode: false, customerId, currencyId: eur }, { amount: 250n, type: 'adjustment' });
    const res = await env.test('GET', `/customers/${customerId}/activity`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balances).toEqual([{ currency_id: eur, balance: '250' }]);
    const payments = res.body.payments as Array<{ customer_id: string }>;
    expect(payments.length).toBeGreaterThan(5);
    expect(payments.every((p) => p.customer_id === customerId)).toBe(true);
    const refunds = res.body.refunds as Array<{ amount: string }>;
    expect(refunds.map((r) => r.amount).sort()).toEqual(['400', '600']);
    const types = (res.body.events as Array<{ type: string }>).map((e) => e.type);
    expect(types).toContain('refund.created');
    expect((await env.test('GET', '/customers/cus_nothere123/activity')).status).toBe(404);
  });
});

describe('donation settings', () => {
  let linkId: string;
  let settingId: string;
  const values = {
    amount: { presets: ['1', '5', '10'], preset: '5', minimum: '1', maximum: '100', custom: true },
    beneficiaries: [
      { name: 'Author', percent: 70 },
      { name: 'Editor', percent: 30 },
    ],
    benefits: [{ title: 'Your name in the credits' }],
    messages: { thanks: { en: 'Thank you!', zh: '谢谢！' } },
  };

  beforeAll(async () => {
    const product = await createProduct(env.test, { name: 'Tip' });
    const price = await createPrice(env.test, usd, product, {
      custom_unit_amount: { presets: ['1000000', '5000000'] },
    });
    linkId = await createLink(env.test, {
      line_items: [{ price_id: price, quantity: 1 }],
      submit_type: 'donate',
      donation_settings: { amount: { presets: ['1', '5'], custom: true }, beneficiaries: [] },
    });
  });

  it('an inactive record refuses donations until enabled', async () => {
    const made = await browserCall(owner, 'POST', '/settings?livemode=false', {
      mountLocation: linkId,
      type: 'donate',
      livemode: false,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    settingId = String(made.body.id);
    const lookup = await env.anonymous('GET', '/donation-settings/lookup', {
      query: { livemode: 'false', mount_location: linkId },
    });
    expect(lookup.body).toMatchObject({ id: settingId, active: false });

    const started = await env.anonymous('POST', `/checkout-sessions/start/${linkId}`, { body: {} });
    const cs = (started.body.checkoutSession as { id: string }).id;
    const donate = () =>
      env.anonymous('PUT', `/checkout-sessions/${cs}/donate-submit`, {
        body: {
          customer_name: 'Dan',
          customer_email: 'dan@example.com',
          payment_method: methodId,
          payment_currency: usd,
        },
      });
    const refused = await donate();
    expect(refused.body.error).toMatchObject({
      code: 'donation_not_enabled',
      message: 'Donation feature is not enabled',
    });
    expect((await browserCall(owner, 'PUT', `/settings/${settingId}`, { active: true })).status).toBe(200);
    expect((await donate()).body.error?.code).not.toBe('donation_not_enabled');
  });

  it('saves validated settings and writes amounts and beneficiaries to the link', async () => {
    const bad = await browserCall(owner, 'PUT', `/donation-settings/${settingId}?livemode=false`, {
      settings: { ...values, beneficiaries: [{ name: 'Author', percent: 70 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('add up to 100');
    const badPreset = await browserCall(owner, 'PUT', `/donation-settings/${settingId}?livemode=false`, {
      settings: { ...values, amount: { ...values.amount, preset: '7' } },
    });
    expect(badPreset.status).toBe(400);
    const ok = await browserCall(owner, 'PUT', `/donation-settings/${settingId}?livemode=false`, {
      settings: values,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.settings).toMatchObject({ benefits: values.benefits, messages: values.messages });
    const link = await env.test('GET', `/payment-links/${linkId}`);
    expect(link.body.donation_settings).toMatchObject({
      amount: { presets: ['1', '5', '10'], preset: '5', minimum: '1', maximum: '100' },
      beneficiaries: [
        { name: 'Author', percent: 70 },
        { name: 'Editor', percent: 30 },
      ],
    });
    const list = await browserCall(owner, 'GET', '/donation-settings?livemode=false');
    expect((list.body.data as Array<{ id: string }>).map((s) => s.id)).toEqual([settingId]);
  });
});

describe('who may call', () => {
  it('guests get 401, signed-in customers 403, on every admin view', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/overview?livemode=false'],
      ['GET', `/customers/${customerId}/activity?livemode=false`],
      ['POST', '/refunds?livemode=false', { payment_intent_id: 'pi_x' }],
      ['GET', '/donation-settings?livemode=false'],
      ['PUT', '/donation-settings/setting_x?livemode=false', { settings: { amount: { presets: [] } } }],
    ];
    for (const [method, path, body] of calls) {
      const guest = await env.anonymous(method, path, body === undefined ? {} : { body });
      expect(guest.status, `${method} ${path}`).toBe(401);
      expect((await browserCall(alice, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await browserCall(owner, 'GET', '/overview?livemode=false')).status).toBe(200);
  });
});
