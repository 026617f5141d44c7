import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { newCustomer } from './billing-support.js';
import { browserCall, newSession, submitBody, type Catalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// The routes the portal shares with the admin pages (cancel, resume, quantity, the upcoming-invoice
// preview, plan options, the allowance read and the invoice PDF) act, when called by the portal
// (mine=true), only on the caller's own customer's objects, owner included: another customer's
// subscription or invoice answers exactly as it does to a stranger. The admin page calls (no mine)
// keep the owner's full access.
let env: PaymentTestEnv;
let owner: TestBrowser;
let alice: TestBrowser;
let cat: Catalog;
let monthly: string;
let ownerCustomer: string;
const carol = { customer: '', sub: '', invoice: '' };
const own = { sub: '', invoice: '' };

const TEST = 'livemode=false';
const idsOf = (res: Answer) => (res.body.list as Array<{ id: string }>).map((i) => i.id);

async function customerOfPurchase(browser: TestBrowser): Promise<string> {
  const cs = await newSession(env.test, cat.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.customer as { id: string }).id;
}

/** An active send_invoice monthly subscription (no payer needed) and its first invoice, paid. */
async function invoicedSubscription(customer: string) {
  const res = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: cat.currencyId,
      payment_method_id: cat.methodId,
      collection_method: 'send_invoice',
      days_until_due: 30,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sub = String(res.body.id);
  const [invoice] = idsOf(await env.test('GET', '/invoices', { query: { subscription_id: sub } }));
  if (!invoice) throw new Error(`no invoice for ${sub}`);
  const paid = await env.test('POST', `/invoices/${invoice}/pay`, { body: { paid_out_of_band: true } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { sub, invoice };
}

/** Every shared call the portal makes on one subscription and one invoice, with or without mine. */
function sharedCalls(sub: string, invoice: string, mine: boolean) {
  const q = mine ? `${TEST}&mine=true` : TEST;
  return {
    cancel: ['POST', `/subscriptions/${sub}/cancel?${q}`, { at_period_end: true }],
    resume: ['POST', `/subscriptions/${sub}/resume?${q}`, {}],
    quantity: ['POST', `/subscriptions/${sub}?${q}`, { quantity: 2 }],
    preview: ['GET', `/subscriptions/${sub}/upcoming-invoice?${q}&quantity=2`, undefined],
    planOptions: ['GET', `/subscriptions/${sub}/plan-options?${q}`, undefined],
    allowance: ['GET', `/subscriptions/${sub}/allowance?${q}`, undefined],
    pdf: ['GET', `/invoices/${invoice}/pdf?${q}`, undefined],
  } as const;
}

const errorOf = (res: Answer) => (res.body.error as { code?: string } | undefined)?.code;

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
  await customerOfPurchase(alice);
  carol.customer = await newCustomer(env.test, 'Carol via API');
  Object.assign(carol, await invoicedSubscription(carol.customer));
  Object.assign(own, await invoicedSubscription(ownerCustomer));
});
afterAll(async () => {
  await env?.stop();
});

describe("the portal's shared calls act only on the caller's own customer", () => {
  it("the owner's portal calls on another customer's subscription and invoice answer as to a stranger", async () => {
    const calls = sharedCalls(carol.sub, carol.invoice, true);
    for (const [name, [method, path, body]] of Object.entries(calls)) {
      const asOwner = await browserCall(owner, method, path, body);
      const asStranger = await browserCall(alice, method, path, body);
      expect(asOwner.status, `${name}: ${JSON.stringify(asOwner.body)}`).toBe(404);
      expect(asStranger.status, name).toBe(404);
      expect(errorOf(asOwner), name).toBe(errorOf(asStranger));
    }
    // Nothing changed: still one item of quantity 1, not set to cancel.
    const after = await env.test('GET', `/subscriptions/${carol.sub}`);
    expect(after.body).toMatchObject({ cancel_at_period_end: false });
    expect((after.body.items as Array<{ quantity: number }>)[0]?.quantity).toBe(1);
  });

  it("the owner's portal calls on the owner's own subscription and invoice work", async () => {
    const calls = sharedCalls(own.sub, own.invoice, true);
    for (const name of ['preview', 'planOptions', 'pdf'] as const) {
      const [method, path, body] = calls[name];
      const res = await browserCall(owner, method, path, body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const [method, path, body] = calls.cancel;
    const cancelled = await browserCall(owner, method, path, body);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ cancel_at_period_end: true });
  });

  it('the admin page calls (no mine) still reach every customer', async () => {
    const calls = sharedCalls(carol.sub, carol.invoice, false);
    for (const name of ['preview', 'planOptions', 'pdf', 'cancel', 'resume'] as const) {
      const [method, path, body] = calls[name];
      const res = await browserCall(owner, method, path, body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const [method, path, body] = calls.quantity;
    const changed = await browserCall(owner, method, path, body);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The change waits for its proration invoice to be paid (send_invoice).
    expect(changed.body.pending_update).toMatchObject({ items: [{ price_id: monthly, quantity: 2 }] });
  });
});
