import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, invoicesOf, newClock } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Two billing rules on real PostgreSQL over HTTP, by test clock: usage recorded on a metered item that
// is removed mid-period is still billed on the next invoice (at its price, for the period it was
// used in); a change of plan or quantity during a trial is not prorated (nothing was paid for the
// trial: no invoice, no credit), and the trial's end bills the new plan.
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;

const db = () => env.server.server.services.database.db;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function meteredPrice(name: string, unitAmount: string) {
  const product = ok(await env.test('POST', '/products', { body: { name } }), 'product');
  const body = {
    product_id: product.id,
    currency_id: currencyId,
    unit_amount: unitAmount,
    recurring: { interval: 'month', usage_type: 'metered', aggregate_usage: 'sum' },
  };
  return String(ok(await env.test('POST', '/prices', { body }), 'price').id);
}

async function subscribe(clock: string, items: Array<{ price_id: string; quantity: number }>, extra = {}) {
  const customer = ok(await env.test('POST', '/customers', { body: { name: 'Usage' } }), 'customer');
  return ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer.id,
        items,
        currency_id: currencyId,
        payment_method_id: methodId,
        collection_method: 'send_invoice',
        test_clock_id: clock,
        ...extra,
      },
    }),
    'subscription',
  );
}

type Line = { price_id: string; quantity: number; amount: string; period_start: string; proration: boolean };

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('usage on a removed item', () => {
  it('the usage recorded before the item was removed is billed on the next invoice', async () => {
    const base = await recurringPrice(env.test, currencyId, 'Base', '31000000', { interval: 'month' });
    const calls = await meteredPrice('Calls', '1000');
    const clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
    const sub = await subscribe(clock, [
      { price_id: base, quantity: 1 },
      { price_id: calls, quantity: 1 },
    ]);
    const subId = String(sub.id);
    ok(
      await env.test('POST', `/invoices/${String(sub.latest_invoice_id)}/pay`, {
        body: { paid_out_of_band: true },
      }),
      'pay',
    );
    const item = (sub.items as Array<{ id: string; price_id: string }>).find((i) => i.price_id === calls);
    await advance(env.test, clock, '2027-03-10T00:00:00.000Z');
    ok(
      await env.test('POST', `/subscription-items/${item?.id ?? ''}/usage-records`, {
        body: { quantity: 5, timestamp: '2027-03-03T00:00:00.000Z' },
      }),
      'usage',
    );
    // The metered item is removed on March 10.
    ok(
      await env.test('POST', `/subscriptions/${subId}`, {
        body: { items: [{ price_id: base, quantity: 1 }], proration_behavior: 'none' },
      }),
      'remove item',
    );
    const preview = ok(await env.test('GET', `/subscriptions/${subId}/upcoming-invoice`), 'preview');
    await advance(env.test, clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), subId)).find((r) => r.billingReason === 'subscription_cycle');
    const invoice = ok(await env.test('GET', `/invoices/${String(cycle?.id)}`), 'invoice');
    const lines = (invoice.lines as Line[]).map((l) => [l.price_id, l.quantity, l.amount, l.period_start]);
    expect(lines.sort()).toEqual(
      [
        [base, 1, '31000000', '2027-04-01T00:00:00.000Z'],
        [calls, 5, '5000', '2027-03-01T00:00:00.000Z'],
      ].sort(),
    );
    expect(invoice.total).toBe('31005000');
    // The preview showed it too.
    expect(preview.total).toBe('31005000');

    // The next renewal does not bill it again.
    await advance(env.test, clock, '2027-05-01T00:00:00.000Z');
    const may = (await invoicesOf(db(), subId)).filter((r) => r.billingReason === 'subscription_cycle')[1];
    expect(may?.total).toBe(31_000_000n);
  }, 90_000);
});

describe('changes during a trial', () => {
  it('an upgrade and a quantity change while trialing make no proration (amount 0), whatever the behaviour asked', async () => {
    const basic = await recurringPrice(env.test, currencyId, 'Trial basic', '30000000', {
      interval: 'month',
    });
    const pro = await recurringPrice(env.test, currencyId, 'Trial pro', '60000000', { interval: 'month' });
    const clock = await newClock(env.test, '2027-03-01T00:00:00.000Z');
    const sub = await subscribe(clock, [{ price_id: basic, quantity: 1 }], { trial_period_days: 14 });
    const subId = String(sub.id);
    const customer = String(sub.customer_id);
    expect(sub.status).toBe('trialing');
    await advance(env.test, clock, '2027-03-05T00:00:00.000Z');

    const preview = ok(
      await env.test('GET', `/subscriptions/${subId}/upcoming-invoice?items=${pro}:2`),
      'preview',
    );
    const proration = preview.proration as { net: string; lines: unknown[] } | null;
    expect(proration?.net ?? '0').toBe('0');
    expect(proration?.lines ?? []).toEqual([]);

    for (const [body, idem] of [
      [{ items: [{ price_id: pro, quantity: 1 }], proration_behavior: 'always_invoice' }, 'up'],
      [{ quantity: 2, proration_behavior: 'create_prorations' }, 'qty'],
    ] as const) {
      const changed = ok(await env.test('POST', `/subscriptions/${subId}`, { body, idem }), 'change');
      expect(changed.status).toBe('trialing');
      expect(changed.pending_update).toBeNull();
    }
    const after = ok(await env.test('GET', `/subscriptions/${subId}`), 'subscription');
    expect(after.items).toMatchObject([{ price_id: pro, quantity: 2 }]);
    // No proration invoice and no credit: only the trial's zero invoice exists.
    const rows = await invoicesOf(db(), subId);
    expect(rows.filter((r) => r.billingReason === 'subscription_update')).toEqual([]);
    expect(rows.every((r) => r.total === 0n)).toBe(true);
    const balance = ok(await env.test('GET', `/customers/${customer}/balance-transactions`), 'balance');
    expect(balance.data).toEqual([]);

    // The trial's end bills the new plan for the first paid period.
    await advance(env.test, clock, '2027-03-15T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), subId)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle?.total).toBe(120_000_000n);
  }, 90_000);
});
