import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema/index.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall, newSession, submitBody, type Catalog } from './pay-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Past due = open or uncollectible with a due date already passed. The same invoices that the past-due
// page lists (GET /invoices?past_due=true) refuse the customer a new purchase (CUSTOMER_LIMITED).
// Nothing creates open invoices with a due date yet, so they are written straight into the database.
let env: PaymentTestEnv;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let cat: Catalog;
let alicePaid: string;
let bobPaid: string;

const db = () => env.server.server.services.database.db;
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);
const ids = (res: Answer) => (res.body.list as Array<{ id: string }>).map((i) => i.id);
const pastDue = (browser: TestBrowser, extra = '') =>
  browserCall(browser, 'GET', `/invoices?livemode=false&past_due=true${extra}`);

/** Completes a free checkout for the browser and answers its (paid, zero) invoice id. */
async function freePurchase(browser: TestBrowser): Promise<Answer> {
  const cs = await newSession(env.test, cat.priceId);
  return browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
}

async function paidInvoiceOf(browser: TestBrowser): Promise<string> {
  const res = await freePurchase(browser);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.checkoutSession as { invoice_id: string }).invoice_id;
}

/** A copy of `templateId` (same customer, currency, method) with this status and due date. */
async function invoiceLike(
  templateId: string,
  id: string,
  status: 'open' | 'uncollectible' | 'paid' | 'void',
  dueDate: Date | null,
  createdAt: Date,
): Promise<string> {
  const [template] = await db().select().from(invoices).where(eq(invoices.id, templateId));
  if (!template) throw new Error(`no invoice ${templateId}`);
  const owed = status === 'paid' || status === 'void' ? 0n : 2_500_000n;
  await db()
    .insert(invoices)
    .values({
      ...template,
      id,
      number: `PD-${id}`,
      status,
      billingReason: 'subscription_cycle',
      total: 2_500_000n,
      subtotal: 2_500_000n,
      amountDue: 2_500_000n,
      amountPaid: 2_500_000n - owed,
      amountRemaining: owed,
      dueDate,
      createdAt,
      updatedAt: createdAt,
    });
  return id;
}

beforeAll(async () => {
  env = await startPaymentEnv();
  [owner, alice, bob] = await signInOwnerAliceBob(env.server.url);
  const { method, currencyId } = await seedCurrency(env.test);
  const product = await env.test('POST', '/products', { body: { name: 'Free sample' } });
  const price = await env.test('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currencyId, unit_amount: '0' },
  });
  cat = { methodId: String(method.id), currencyId, priceId: String(price.body.id) };
  alicePaid = await paidInvoiceOf(alice);
  bobPaid = await paidInvoiceOf(bob);
});
afterAll(async () => {
  await env?.stop();
});

describe('past-due invoices', () => {
  it('lists only the customer’s own open or uncollectible invoices whose due date has passed, and blocks a purchase', async () => {
    const at = (minutes: number) => new Date(Date.now() - 60 * 60 * 1000 + minutes * 60 * 1000);
    const overdue = await invoiceLike(alicePaid, 'in_pdopen0001', 'open', daysFromNow(-1), at(1));
    const threeDaysAgo = daysFromNow(-3);
    const uncollectible = await invoiceLike(alicePaid, 'in_pduncol001', 'uncollectible', threeDaysAgo, at(2));
    const notYetDue = await invoiceLike(alicePaid, 'in_pdfuture01', 'open', daysFromNow(2), at(3));
    await invoiceLike(alicePaid, 'in_pdnodue001', 'open', null, at(4));
    await invoiceLike(alicePaid, 'in_pdpaid0001', 'paid', daysFromNow(-5), at(5));
    await invoiceLike(alicePaid, 'in_pdvoid0001', 'void', daysFromNow(-5), at(6));
    const bobs = await invoiceLike(bobPaid, 'in_pdbob00001', 'open', daysFromNow(-2), at(7));

    const mine = await pastDue(alice);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(ids(mine)).toEqual([uncollectible, overdue]);
    expect(mine.body.count).toBe(2);
    const [first] = mine.body.list as Array<Record<string, unknown>>;
    expect(first).toMatchObject({
      status: 'uncollectible',
      amount_remaining: '2500000',
      due_date: threeDaysAgo.toISOString(),
      paymentCurrency: { id: cat.currencyId, symbol: 'TUSD' },
    });
    // Naming another customer changes nothing for a signed-in customer.
    const bobsId = (await browserCall(bob, 'GET', `/invoices/${bobPaid}?livemode=false`)).body.customer_id;
    expect(ids(await pastDue(alice, `&customer_id=${String(bobsId)}`))).toEqual([uncollectible, overdue]);
    expect(ids(await pastDue(alice, '&status=uncollectible'))).toEqual([uncollectible]);
    // Without the filter she sees all her invoices.
    expect((await browserCall(alice, 'GET', '/invoices?livemode=false')).body.count).toBe(7);

    expect(ids(await pastDue(bob))).toEqual([bobs]);
    expect(ids(await pastDue(owner))).toEqual([bobs, uncollectible, overdue]);
    expect(ids(await env.test('GET', '/invoices', { query: { past_due: 'true' } }))).toEqual([
      bobs,
      uncollectible,
      overdue,
    ]);
    expect((await env.live('GET', '/invoices', { query: { past_due: 'true' } })).body.count).toBe(0);

    // The same invoices refuse her a new purchase.
    const limited = await freePurchase(alice);
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({ code: 'CUSTOMER_LIMITED', param: 'customer' });

    // Once they are paid the list is empty and she may buy again; the one not yet due does not block.
    await db().update(invoices).set({ status: 'paid' }).where(eq(invoices.id, overdue));
    await db().update(invoices).set({ status: 'void' }).where(eq(invoices.id, uncollectible));
    expect(await pastDue(alice).then((r) => r.body)).toMatchObject({ list: [], count: 0 });
    expect((await freePurchase(alice)).status).toBe(200);

    // When its due date passes, the open invoice becomes past due and blocks again.
    await db()
      .update(invoices)
      .set({ dueDate: daysFromNow(-1) })
      .where(eq(invoices.id, notYetDue));
    expect(ids(await pastDue(alice))).toEqual([notYetDue]);
    expect((await freePurchase(alice)).body.error).toMatchObject({ code: 'CUSTOMER_LIMITED' });
  });

  it('shows the due date on every invoice (null when none) and rejects a bad past_due value', async () => {
    const one = await browserCall(alice, 'GET', `/invoices/${alicePaid}?livemode=false`);
    expect(one.body).toMatchObject({ id: alicePaid, due_date: null });
    const bad = await browserCall(alice, 'GET', '/invoices?livemode=false&past_due=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'past_due' });
  });
});
