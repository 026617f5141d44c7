// "Refund last payment", a merchant's subscription action, over HTTP on a real database: it refunds all
// that is left of the subscription's newest succeeded payment (whether the payment names the invoice
// or the invoice names the payment, as a batch does), never another subscription's, never twice, with
// the reason asked for; and only owners/admins (or secret keys) may call it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { invoices, paymentIntents, subscriptions } from '../../src/db/schema/index.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall } from './pay-support.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

let env: PaymentTestEnv;
let db: Db;
let owner: TestBrowser;
let alice: TestBrowser;
let usd: string;
let methodId: string;
let customerId: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
let seq = 0;
const id = (prefix: string) => `${prefix}_refundlast${String(seq++).padStart(8, '0')}`;
const PAYER = '0x00000000000000000000000000000000000000bb';

async function subscription() {
  const subId = id('sub');
  await db.insert(subscriptions).values({
    id: subId,
    livemode: false,
    status: 'active',
    customerId,
    currencyId: usd,
    recurringInterval: 'month',
    startDate: daysAgo(40),
    currentPeriodStart: daysAgo(10),
    currentPeriodEnd: daysAgo(-20),
  });
  return subId;
}

async function invoice(subscriptionId: string, paymentIntentId: string | null = null) {
  const invoiceId = id('in');
  await db.insert(invoices).values({
    id: invoiceId,
    livemode: false,
    billingReason: 'subscription_cycle',
    status: 'paid',
    customerId,
    currencyId: usd,
    subscriptionId,
    paymentIntentId,
    amountRemaining: 0n,
  });
  return invoiceId;
}

async function payment(
  amount: bigint,
  createdAt: Date,
  extra: Partial<typeof paymentIntents.$inferInsert> = {},
) {
  const piId = id('pi');
  await db.insert(paymentIntents).values({
    id: piId,
    livemode: false,
    status: 'succeeded',
    amount,
    amountReceived: amount,
    currencyId: usd,
    customerId,
    paymentMethodId: methodId,
    paymentDetails: { payer: PAYER },
    createdAt,
    ...extra,
  });
  return piId;
}

const refundLast = (subId: string, body: unknown = {}) =>
  env.test('POST', `/subscriptions/${subId}/refund-last-payment`, { body });

beforeAll(async () => {
  env = await startPaymentEnv();
  db = env.server.server.services.database.db;
  const a = await seedCurrency(env.test);
  usd = a.currencyId;
  methodId = String(a.method.id);
  customerId = String((await env.test('POST', '/customers', { body: { name: 'Dana Customer' } })).body.id);
  [owner, alice] = await signInOwnerAliceBob(env.server.url);
});
afterAll(() => env?.stop());

describe('refund last payment of a subscription', () => {
  it('refunds the newest succeeded payment in full, once, with the reason given', async () => {
    const subId = await subscription();
    // The first payment names its invoice; the renewal is a batch the invoice names.
    await payment(1000n, daysAgo(30), { invoiceId: await invoice(subId) });
    const renewal = await payment(700n, daysAgo(2));
    await invoice(subId, renewal);
    // Newer, but not this subscription's or not succeeded: never chosen.
    const other = await subscription();
    const othersPayment = await payment(5000n, daysAgo(1));
    await invoice(other, othersPayment);
    const pending = await payment(300n, daysAgo(0), { status: 'processing', amountReceived: 0n });
    await invoice(subId, pending);

    const res = await refundLast(subId, { reason: 'requested_by_customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      object: 'refund',
      payment_intent_id: renewal,
      amount: '700',
      reason: 'requested_by_customer',
      status: 'pending',
      customer_id: customerId,
    });
    expect(res.body.metadata).toMatchObject({ refund_to: PAYER });

    // Nothing is left of that payment: a second press refunds nothing (and not the older payment).
    const again = await refundLast(subId);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'refund_exceeds_refundable' });
    const list = await env.test('GET', '/refunds', { query: { customer_id: customerId } });
    const refunded = (list.body.data as Array<{ payment_intent_id: string }>).map((r) => r.payment_intent_id);
    expect(refunded).toEqual([renewal]);
  });

  it('refunds what a partial refund left, with the admin reason by default', async () => {
    const subId = await subscription();
    const pi = await payment(1000n, daysAgo(3));
    await invoice(subId, pi);
    const part = await env.test('POST', '/refunds', { body: { payment_intent_id: pi, amount: '250' } });
    expect(part.status).toBe(200);
    const res = await refundLast(subId);
    expect(res.body).toMatchObject({ payment_intent_id: pi, amount: '750', reason: 'requested_by_admin' });
  });

  it('says so when there is nothing to refund, and refuses unknown ids and bad reasons', async () => {
    const subId = await subscription();
    const none = await refundLast(subId);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'refund_no_payment',
      message: 'This subscription has no succeeded payment to refund',
    });
    expect((await refundLast('sub_nothere123')).status).toBe(404);
    const pi = await payment(10n, daysAgo(1));
    await invoice(subId, pi);
    expect((await refundLast(subId, { reason: 'because' })).status).toBe(400);
    // A live key does not see a test subscription.
    const live = await env.live('POST', `/subscriptions/${subId}/refund-last-payment`, { body: {} });
    expect(live.status).toBe(404);
  });

  it('is for owners and admins: guests get 401, customers 403', async () => {
    const subId = await subscription();
    const pi = await payment(40n, daysAgo(1));
    await invoice(subId, pi);
    const path = `/subscriptions/${subId}/refund-last-payment?livemode=false`;
    expect((await env.anonymous('POST', path, { body: {} })).status).toBe(401);
    expect((await browserCall(alice, 'POST', path, {})).status).toBe(403);
    const res = await browserCall(owner, 'POST', path, { reason: 'duplicate' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ payment_intent_id: pi, amount: '40', reason: 'duplicate' });
  });
});
