import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClock, newCustomer } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

// A plan change sent with its preview's proration_date bills exactly the preview, even when the
// subscription's period began within the same second (the preview answers whole seconds).
let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

describe('a plan change right after its period began', () => {
  it('is accepted with the proration_date its preview answered, and bills the previewed amount', async () => {
    const { method, currencyId } = await seedCurrency(env.test);
    const basic = await recurringPrice(env.test, currencyId, 'Basic', '3000000', { interval: 'month' });
    const pro = await recurringPrice(env.test, currencyId, 'Pro', '6000000', { interval: 'month' });
    // The clock stands 750 ms into a second: the period begins there.
    const clock = await newClock(env.test, '2027-03-01T10:00:00.750Z');
    const customer = await newCustomer(env.test, 'Quick Changer');
    const made = await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer,
        items: [{ price_id: basic, quantity: 1 }],
        currency_id: currencyId,
        payment_method_id: method.id,
        collection_method: 'send_invoice',
        days_until_due: 7,
        test_clock_id: clock,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sub = made.body as { id: string; current_period_start: string; latest_invoice_id: string };
    await env.test('POST', `/invoices/${sub.latest_invoice_id}/pay`, { body: { paid_out_of_band: true } });

    const preview = await env.test('GET', `/subscriptions/${sub.id}/upcoming-invoice`, {
      query: { items: `${pro}:1` },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const proration = preview.body.proration as { proration_date: string; invoice: { total: string } };
    expect(Date.parse(proration.proration_date)).toBeGreaterThanOrEqual(Date.parse(sub.current_period_start));

    const changed = await env.test('POST', `/subscriptions/${sub.id}`, {
      body: { items: [{ price_id: pro, quantity: 1 }], proration_date: proration.proration_date },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const pending = changed.body.pending_update as { invoice_id: string };
    const invoice = await env.test('GET', `/invoices/${pending.invoice_id}`);
    expect(invoice.body.total).toBe(proration.invoice.total);
  });
});
