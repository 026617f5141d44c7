import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, newClock, newCustomer, type InvoiceView } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

// POST /invoices/{id}/pay forced by the merchant is one collection attempt now. When it fails on an
// invoice the scheduled collection never tries again (its subscription is canceled), the failure is
// recorded and no retry is planned: a planned retry there would be skipped forever. On a live
// subscription the failed attempt still plans the dunning retry, as before.
const START = '2027-05-01T00:00:00.000Z';
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let priceId: string;

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  priceId = await recurringPrice(env.test, currencyId, 'Forced pay plan', '5000000', { interval: 'month' });
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** A send_invoice subscription on its own test clock; answers it, its clock and its open first invoice. */
async function subscription(name: string) {
  const clock = await newClock(env.test, START);
  const created = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: await newCustomer(env.test, name),
      items: [{ price_id: priceId, quantity: 1 }],
      currency_id: currencyId,
      payment_method_id: methodId,
      collection_method: 'send_invoice',
      days_until_due: 10,
      test_clock_id: clock,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const invoiceId = String(created.body.latest_invoice_id);
  expect((await invoice(invoiceId)).status).toBe('open');
  return { id: String(created.body.id), clock, invoiceId };
}

async function invoice(id: string): Promise<InvoiceView> {
  const res = await env.test('GET', `/invoices/${id}`);
  expect(res.status).toBe(200);
  return res.body as unknown as InvoiceView;
}

const forcePay = (id: string) => env.test('POST', `/invoices/${id}/pay`, { body: {} });

describe('a forced pay of an open invoice that fails', () => {
  it('on a canceled subscription: recorded once, no retry planned, nothing runs later', async () => {
    const sub = await subscription('Canceled Carol');
    const canceled = await env.test('POST', `/subscriptions/${sub.id}/cancel`, {
      body: { at_period_end: false },
    });
    expect(canceled.body).toMatchObject({ status: 'canceled' });

    const forced = await forcePay(sub.invoiceId);
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    const after = await invoice(sub.invoiceId);
    expect(after).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: null });
    expect(after.attempts).toEqual([expect.objectContaining({ outcome: 'failed', reason: 'no_payer' })]);

    // A month later nothing was tried again; the invoice is still the merchant's to force.
    await advance(env.test, sub.clock, '2027-06-05T00:00:00.000Z');
    expect(await invoice(sub.invoiceId)).toMatchObject({ attempt_count: 1, next_payment_attempt: null });
    expect((await forcePay(sub.invoiceId)).status).toBe(200);
    expect(await invoice(sub.invoiceId)).toMatchObject({ attempt_count: 2, next_payment_attempt: null });
  });

  it('on a live subscription: the dunning retry is planned as before', async () => {
    const sub = await subscription('Active Ann');
    expect((await forcePay(sub.invoiceId)).status).toBe(200);
    const after = await invoice(sub.invoiceId);
    expect(after).toMatchObject({ status: 'open', attempt_count: 1 });
    expect(after.next_payment_attempt).toBe('2027-05-02T00:00:00.000Z');
  });
});
