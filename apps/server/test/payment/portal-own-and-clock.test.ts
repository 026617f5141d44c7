import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/db/schema/index.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { advance, newClock, newCustomer } from './billing-support.js';
import { browserCall, newSession, submitBody, type Catalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// The portal is the signed-in person's own billing, whatever their role: the owner's portal reads
// (mine=true, /portal/*) never show a customer created through the API, while the admin reads (no
// mine) still show every customer. Past due is judged at the test clock's time for a clock's invoices.
let env: PaymentTestEnv;
let owner: TestBrowser;
let alice: TestBrowser;
let cat: Catalog;
let monthly: string;
let ownerCustomer: string;
let aliceCustomer: string;
/** Carol: a customer made with the secret key, with a paid subscription invoice and a payment. */
const carol = { customer: '', sub: '', invoice: '', intent: 'pi_CarolsOwnPayment0001' };

const db = () => env.server.server.services.database.db;
const TEST = 'livemode=false';
const idsOf = (res: Answer) => (res.body.list as Array<{ id: string }>).map((i) => i.id);

async function freePurchase(browser: TestBrowser): Promise<Answer> {
  const cs = await newSession(env.test, cat.priceId);
  return browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
}

async function customerOfPurchase(browser: TestBrowser): Promise<string> {
  const res = await freePurchase(browser);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.customer as { id: string }).id;
}

/** A send_invoice monthly subscription (no payer needed): its first invoice is due `days` later. */
async function invoicedSubscription(customer: string, days: number, clock?: string) {
  const res = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: cat.currencyId,
      payment_method_id: cat.methodId,
      collection_method: 'send_invoice',
      days_until_due: days,
      ...(clock ? { test_clock_id: clock } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sub = res.body as { id: string; latest_invoice_id?: string | null };
  const invoices = await env.test('GET', '/invoices', { query: { subscription_id: sub.id } });
  const [invoice] = idsOf(invoices);
  if (!invoice) throw new Error(`no invoice for ${sub.id}`);
  return { sub: sub.id, invoice };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  [owner, alice] = await signInOwnerAliceBob(env.server.url);
  const { method, currencyId } = await seedCurrency(env.test);
  const product = await env.test('POST', '/products', { body: { name: 'Free sample' } });
  const price = await env.test('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currencyId, unit_amount: '0' },
  });
  cat = { methodId: String(method.id), currencyId, priceId: String(price.body.id) };
  monthly = await recurringPrice(env.test, currencyId, 'Monthly plan', '3000000', { interval: 'month' });
  ownerCustomer = await customerOfPurchase(owner);
  aliceCustomer = await customerOfPurchase(alice);

  carol.customer = await newCustomer(env.test, 'Carol via API');
  const made = await invoicedSubscription(carol.customer, 30);
  carol.sub = made.sub;
  carol.invoice = made.invoice;
  const paid = await env.test('POST', `/invoices/${carol.invoice}/pay`, { body: { paid_out_of_band: true } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  // A payment of hers: a copy of the owner's (no API creates a bare payment intent).
  const [template] = await db()
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.customerId, ownerCustomer));
  if (!template) throw new Error('the owner has no payment');
  await db()
    .insert(paymentIntents)
    .values({
      ...template,
      id: carol.intent,
      customerId: carol.customer,
      amount: 3_000_000n,
      invoiceId: null,
    });
});
afterAll(async () => {
  await env?.stop();
});

describe("the owner's portal shows only the owner's own customer", () => {
  it('invoices, subscriptions, payments, refunds and overdue reads leave out another customer', async () => {
    const invoices = await browserCall(owner, 'GET', `/invoices?${TEST}&mine=true&pageSize=100`);
    expect(invoices.status, JSON.stringify(invoices.body)).toBe(200);
    const listed = invoices.body.list as Array<{ id: string; customer_id: string; amount_paid: string }>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((i) => i.customer_id === ownerCustomer)).toBe(true);
    // "Paid this year" sums what this list gives: her 3 TUSD is not in it.
    expect(listed.reduce((sum, i) => sum + BigInt(i.amount_paid), 0n)).toBe(0n);
    const open = await browserCall(owner, 'GET', `/invoices?${TEST}&mine=true&status=open,uncollectible`);
    expect(open.body).toMatchObject({ list: [], count: 0 });
    const pastDue = await browserCall(owner, 'GET', `/invoices?${TEST}&mine=true&past_due=true`);
    expect(pastDue.body).toMatchObject({ list: [], count: 0 });
    const bySub = await browserCall(owner, 'GET', `/invoices?${TEST}&mine=true&subscription_id=${carol.sub}`);
    expect(bySub.body).toMatchObject({ list: [], count: 0, subscription: null });

    const subs = await browserCall(owner, 'GET', `/subscriptions?${TEST}&mine=true&limit=100`);
    expect(subs.status, JSON.stringify(subs.body)).toBe(200);
    expect(subs.body.data).toEqual([]);

    expect((await browserCall(owner, 'GET', `/invoices/${carol.invoice}?${TEST}&mine=true`)).status).toBe(
      404,
    );
    expect((await browserCall(owner, 'GET', `/subscriptions/${carol.sub}?${TEST}&mine=true`)).status).toBe(
      404,
    );

    const payments = await browserCall(owner, 'GET', `/portal/payments?${TEST}`);
    expect(payments.status, JSON.stringify(payments.body)).toBe(200);
    const paymentIds = idsOf(payments);
    expect(paymentIds).not.toContain(carol.intent);
    expect(paymentIds.length).toBe(payments.body.count);
    const refunds = await browserCall(owner, 'GET', `/portal/refunds?${TEST}`);
    expect(refunds.body).toMatchObject({ list: [], count: 0 });
    const theirPayments = await browserCall(
      owner,
      'GET',
      `/portal/payments?${TEST}&customer_id=${carol.customer}`,
    );
    expect(idsOf(theirPayments)).not.toContain(carol.intent);

    const overdueOfHers = await browserCall(
      owner,
      'GET',
      `/customers/${carol.customer}/overdue/invoices?${TEST}`,
    );
    expect(overdueOfHers.status).toBe(404);
    const subOverdue = await browserCall(
      owner,
      'GET',
      `/subscriptions/${carol.sub}/overdue/invoices?${TEST}`,
    );
    expect(subOverdue.status).toBe(404);
    const own = await browserCall(owner, 'GET', `/customers/${ownerCustomer}/overdue/invoices?${TEST}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('the admin reads (no mine) and the secret key still see every customer', async () => {
    const all = await browserCall(owner, 'GET', `/invoices?${TEST}&pageSize=100`);
    expect(idsOf(all)).toContain(carol.invoice);
    const subs = await browserCall(owner, 'GET', `/subscriptions?${TEST}&limit=100`);
    expect((subs.body.data as Array<{ id: string }>).map((s) => s.id)).toContain(carol.sub);
    expect((await browserCall(owner, 'GET', `/invoices/${carol.invoice}?${TEST}`)).status).toBe(200);
    const keyed = await env.test('GET', '/portal/payments', { query: { customer_id: carol.customer } });
    expect(idsOf(keyed)).toEqual([carol.intent]);
  });
});

describe('past due on a test clock', () => {
  it("an invoice is past due once its clock passes the due date: listed, and the customer's checkout refused", async () => {
    const clock = await newClock(env.test, '2031-03-10T00:00:00.000Z');
    const { sub, invoice: first } = await invoicedSubscription(aliceCustomer, 3, clock);
    const paid = await env.test('POST', `/invoices/${first}/pay`, { body: { paid_out_of_band: true } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The renewal of 2031-04-10, due 3 days later on the clock.
    await advance(env.test, clock, '2031-04-11T00:00:00.000Z');
    const renewals = await env.test('GET', '/invoices', { query: { subscription_id: sub, status: 'open' } });
    const [invoice] = idsOf(renewals);
    expect(invoice).toBeDefined();
    const pastDue = () => browserCall(alice, 'GET', `/invoices?${TEST}&mine=true&past_due=true`);
    const overdue = () => browserCall(alice, 'GET', `/subscriptions/${sub}/overdue/invoices?${TEST}`);

    // Not yet due on the clock (due 2031-04-13): nothing listed, a purchase goes through.
    expect(idsOf(await pastDue())).toEqual([]);
    expect((await overdue()).body.invoices).toEqual([]);
    const overviewDue = async () => {
      const res = await env.test('GET', '/overview');
      const rows = res.body.past_due as Array<{ currency_id: string; count: number }>;
      return rows.find((r) => r.currency_id === cat.currencyId)?.count ?? 0;
    };
    expect(await overviewDue()).toBe(0);
    const before = await freePurchase(alice);
    expect(before.status, JSON.stringify(before.body)).toBe(200);

    await advance(env.test, clock, '2031-04-20T00:00:00.000Z');
    expect(idsOf(await pastDue())).toEqual([invoice]);
    const after = await overdue();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((after.body.invoices as Array<{ id: string }>).map((i) => i.id)).toEqual([invoice]);
    const mine = await browserCall(alice, 'GET', `/customers/${aliceCustomer}/overdue/invoices?${TEST}`);
    expect((mine.body.invoices as Array<{ id: string }>).map((i) => i.id)).toEqual([invoice]);
    expect(await overviewDue()).toBe(1);
    // The portal's subscription page counts from the clock's time.
    const detail = await browserCall(alice, 'GET', `/subscriptions/${sub}?${TEST}&mine=true`);
    expect(detail.body).toMatchObject({ clock_time: '2031-04-20T00:00:00.000Z' });
    const limited = await freePurchase(alice);
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({ code: 'CUSTOMER_LIMITED', param: 'customer' });
  });
});
