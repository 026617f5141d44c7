import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, invoicesOf, newClock } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Metered usage on real PostgreSQL over HTTP, by test clock: usage records of the period that ends
// are billed on the renewal invoice (sum, or the last value), once; the upcoming invoice shows that
// invoice before it is made.
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;

const db = () => env.server.server.services.database.db;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function meteredPrice(name: string, unitAmount: string, aggregate: 'sum' | 'last_during_period') {
  const product = ok(await env.test('POST', '/products', { body: { name } }), 'product');
  const body = {
    product_id: product.id,
    currency_id: currencyId,
    unit_amount: unitAmount,
    recurring: { interval: 'month', usage_type: 'metered', aggregate_usage: aggregate },
  };
  return String(ok(await env.test('POST', '/prices', { body }), 'price').id);
}

type Line = { price_id: string; quantity: number; amount: string; period_start: string; period_end: string };
const pick = (l: Line) => [l.price_id, l.quantity, l.amount, l.period_start, l.period_end];

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('metered usage', () => {
  it('bills the ended period’s usage on the renewal once (sum and last), as the preview showed', async () => {
    const base = await recurringPrice(env.test, currencyId, 'Base', '31000000', { interval: 'month' });
    const calls = await meteredPrice('API calls', '1000', 'sum');
    const seats = await meteredPrice('Seats', '500', 'last_during_period');
    const clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
    const customer = ok(await env.test('POST', '/customers', { body: { name: 'Meter' } }), 'customer');
    const sub = ok(
      await env.test('POST', '/subscriptions', {
        body: {
          customer_id: customer.id,
          items: [
            { price_id: base, quantity: 1 },
            { price_id: calls, quantity: 1 },
            { price_id: seats, quantity: 1 },
          ],
          currency_id: currencyId,
          payment_method_id: methodId,
          collection_method: 'send_invoice',
          test_clock_id: clock,
        },
      }),
      'subscription',
    );
    const subId = String(sub.id);
    const first = `/invoices/${String(sub.latest_invoice_id)}/pay`;
    ok(await env.test('POST', first, { body: { paid_out_of_band: true } }), 'pay');
    const itemOf = (price: string) =>
      (sub.items as Array<{ id: string; price_id: string }>).find((i) => i.price_id === price)?.id ?? '';
    const record = (price: string, body: Record<string, unknown>, idem?: string) =>
      env.test('POST', `/subscription-items/${itemOf(price)}/usage-records`, {
        body,
        ...(idem ? { idem } : {}),
      });

    await advance(env.test, clock, '2027-03-28T00:00:00.000Z');
    ok(await record(calls, { quantity: 5, timestamp: '2027-03-03T00:00:00.000Z' }, 'usage-1'), 'usage');
    // The same record sent again with its key is kept once.
    ok(await record(calls, { quantity: 5, timestamp: '2027-03-03T00:00:00.000Z' }, 'usage-1'), 'usage');
    ok(await record(calls, { quantity: 7, timestamp: '2027-03-20T00:00:00.000Z' }), 'usage');
    ok(await record(seats, { quantity: 4, action: 'set', timestamp: '2027-03-05T00:00:00.000Z' }), 'usage');
    ok(await record(seats, { quantity: 9, action: 'set' }), 'usage');
    // Outside the current period, and on a licensed item, usage is refused.
    expect((await record(calls, { quantity: 1, timestamp: '2027-02-27T00:00:00.000Z' })).status).toBe(400);
    expect((await record(base, { quantity: 1 })).status).toBe(400);

    const preview = ok(await env.test('GET', `/subscriptions/${subId}/upcoming-invoice`), 'preview');
    const march = ['2027-03-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z'];
    // Items created together come in no set order: compared sorted.
    expect((preview.lines as Line[]).map(pick).sort()).toEqual(
      [
        [base, 1, '31000000', '2027-04-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z'],
        [calls, 12, '12000', ...march],
        [seats, 9, '4500', ...march],
      ].sort(),
    );
    expect(preview).toMatchObject({ total: '31016500', amount_due: '31016500' });

    await advance(env.test, clock, '2027-04-01T00:00:00.000Z');
    const cycles = async () =>
      (await invoicesOf(db(), subId)).filter((r) => r.billingReason === 'subscription_cycle');
    const [april] = await cycles();
    const invoice = ok(await env.test('GET', `/invoices/${String(april?.id)}`), 'invoice');
    expect((invoice.lines as Line[]).map(pick).sort()).toEqual((preview.lines as Line[]).map(pick).sort());
    expect(invoice.total).toBe(preview.total);

    // The next renewal bills April's usage (none), not March's again.
    await advance(env.test, clock, '2027-05-01T00:00:00.000Z');
    const [, may] = await cycles();
    const next = ok(await env.test('GET', `/invoices/${String(may?.id)}`), 'invoice');
    expect((next.lines as Line[]).map((l) => [l.price_id, l.quantity, l.amount]).sort()).toEqual(
      [
        [base, 1, '31000000'],
        [calls, 0, '0'],
        [seats, 0, '0'],
      ].sort(),
    );
  }, 60_000);
});
