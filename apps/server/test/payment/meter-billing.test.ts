import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, invoicesOf, newClock } from './billing-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Meter events billed on the renewal invoice, by test clock: a sum meter on a graduated price, a count
// meter on a volume price and a last meter on a per-unit price. The period starts at noon, so its first
// and last days are partial (read from the events) and the days between come from the daily rollup;
// the day the period ends on holds events of both periods. The preview and the pending amount show
// the invoice before it is made; the next period bills only its own events.
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
const db = () => env.server.server.services.database.db;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type Line = { price_id: string; quantity: number; amount: string };
const pick = (lines: Line[]) => lines.map((l) => [l.price_id, l.quantity, l.amount]).sort();

async function meteredPrice(aggregation: 'sum' | 'count' | 'last', pricing: Record<string, unknown>) {
  const tag = `${aggregation}-${Date.now().toString(36)}`;
  const meter = ok(
    await env.test('POST', '/meters', {
      body: { name: tag, event_name: tag, unit: 'unit', aggregation_method: aggregation },
    }),
    'meter',
  );
  const product = ok(await env.test('POST', '/products', { body: { name: tag } }), 'product');
  const body = {
    product_id: product.id,
    currency_id: currencyId,
    recurring: { interval: 'month', usage_type: 'metered', meter_id: meter.id },
    ...pricing,
  };
  const price = ok(await env.test('POST', '/prices', { body }), 'price');
  return { eventName: tag, priceId: String(price.id) };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('usage on the renewal invoice', () => {
  it('bills sum (graduated), count (volume) and last (per unit) once, as the preview showed', async () => {
    const sum = await meteredPrice('sum', {
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      tiers: [
        { up_to: 10, unit_amount: '100', flat_amount: '0' },
        { up_to: 'inf', unit_amount: '10', flat_amount: '0' },
      ],
    });
    const count = await meteredPrice('count', {
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      tiers: [
        { up_to: 2, unit_amount: '1000', flat_amount: '0' },
        { up_to: 'inf', unit_amount: '500', flat_amount: '0' },
      ],
    });
    const last = await meteredPrice('last', { unit_amount: '300' });
    // A metered price naming no meter, or a licensed one naming a meter, is refused.
    const licensed = await env.test('POST', '/prices', {
      body: {
        product_id: String(ok(await env.test('POST', '/products', { body: { name: 'x' } }), 'p').id),
        currency_id: currencyId,
        unit_amount: '1',
        recurring: { interval: 'month', meter_id: 'meter_NoSuchMeter000000000' },
      },
    });
    expect(licensed.status).toBe(400);

    const clock = await newClock(env.test, '2027-03-01T12:00:00.000Z');
    const customer = String(
      ok(await env.test('POST', '/customers', { body: { name: 'Usage', test_clock: clock } }), 'customer').id,
    );
    const sub = ok(
      await env.test('POST', '/subscriptions', {
        body: {
          customer_id: customer,
          items: [sum, count, last].map((p) => ({ price_id: p.priceId, quantity: 1 })),
          currency_id: currencyId,
          payment_method_id: methodId,
          collection_method: 'send_invoice',
        },
      }),
      'subscription',
    );
    const subId = String(sub.id);
    const send = async (eventName: string, events: Array<[string, string, string]>) =>
      ok(
        await env.test('POST', '/meter-events/batch', {
          body: {
            events: events.map(([identifier, value, timestamp]) => ({
              event_name: eventName,
              identifier: `${eventName}-${identifier}`,
              payload: { customer_id: customer, value, subscription_id: subId },
              timestamp,
            })),
          },
        }),
        'events',
      );

    await advance(env.test, clock, '2027-03-20T00:00:00.000Z');
    await send(sum.eventName, [
      ['a', '5', '2027-03-01T13:00:00.000Z'],
      ['b', '7', '2027-03-05T00:00:00.000Z'],
      ['b', '7', '2027-03-05T00:00:00.000Z'],
    ]);
    await send(count.eventName, [
      ['a', '40', '2027-03-02T00:00:00.000Z'],
      ['b', '1', '2027-03-03T00:00:00.000Z'],
    ]);
    await send(last.eventName, [
      ['a', '4', '2027-03-03T00:00:00.000Z'],
      ['b', '9', '2027-03-18T00:00:00.000Z'],
      ['c', '2', '2027-03-02T00:00:00.000Z'],
    ]);
    await advance(env.test, clock, '2027-04-01T08:00:00.000Z');
    // The last (partial) day of the period, before and after its end at noon.
    await send(sum.eventName, [['c', '3', '2027-04-01T06:00:00.000Z']]);
    await send(count.eventName, [['c', '1', '2027-04-01T07:00:00.000Z']]);

    // sum 15: 10 x 100 + 5 x 10; count 3: all at the volume tier 500; last: 9 (the newest, not the last sent).
    const expected = [
      [sum.priceId, 15, '1050'],
      [count.priceId, 3, '1500'],
      [last.priceId, 9, '2700'],
    ].sort();
    const preview = ok(await env.test('GET', `/subscriptions/${subId}/upcoming-invoice`), 'preview');
    expect(pick(preview.lines as Line[])).toEqual(expected);
    const pending = ok(
      await env.test('GET', `/meter-events/pending-amount?customer_id=${customer}`),
      'pending',
    );
    expect(
      (pending.data as Array<{ price_id: string; quantity: string; amount: string }>)
        .map((d) => [d.price_id, Number(d.quantity), d.amount])
        .sort(),
    ).toEqual(expected);

    await advance(env.test, clock, '2027-04-01T12:00:00.000Z');
    const cycles = async () =>
      (await invoicesOf(db(), subId)).filter((r) => r.billingReason === 'subscription_cycle');
    const [april] = await cycles();
    const invoice = ok(await env.test('GET', `/invoices/${String(april?.id)}`), 'invoice');
    expect(pick(invoice.lines as Line[])).toEqual(expected);
    expect(invoice.total).toBe('5250');

    // The next period bills its own events only: the 1,000 at its first instant.
    await send(sum.eventName, [['d', '1000', '2027-04-01T12:00:00.000Z']]);
    await advance(env.test, clock, '2027-05-01T12:00:00.000Z');
    const [, may] = await cycles();
    const next = ok(await env.test('GET', `/invoices/${String(may?.id)}`), 'invoice');
    expect(pick(next.lines as Line[])).toEqual(
      [
        [sum.priceId, 1000, String(10 * 100 + 990 * 10)],
        [count.priceId, 0, '0'],
        [last.priceId, 0, '0'],
      ].sort(),
    );
  });

  it('issues a subscription_threshold invoice when usage reaches the threshold, billing nothing twice', async () => {
    const calls = await meteredPrice('sum', { unit_amount: '100' });
    const clock = await newClock(env.test, '2027-06-01T00:00:00.000Z');
    const customer = String(
      ok(await env.test('POST', '/customers', { body: { name: 'Heavy', test_clock: clock } }), 'customer').id,
    );
    const sub = ok(
      await env.test('POST', '/subscriptions', {
        body: {
          customer_id: customer,
          items: [{ price_id: calls.priceId, quantity: 1 }],
          currency_id: currencyId,
          payment_method_id: methodId,
          collection_method: 'send_invoice',
          billing_threshold_amount: '1000',
        },
      }),
      'subscription',
    );
    const subId = String(sub.id);
    let n = 0;
    const use = async (value: string) =>
      ok(
        await env.test('POST', '/meter-events', {
          body: {
            event_name: calls.eventName,
            identifier: `${calls.eventName}-${n++}`,
            payload: { customer_id: customer, value },
          },
        }),
        'event',
      );
    const thresholds = async () =>
      (await invoicesOf(db(), subId)).filter((r) => r.billingReason === 'subscription_threshold');

    await advance(env.test, clock, '2027-06-05T00:00:00.000Z');
    await use('5');
    expect(await thresholds()).toHaveLength(0);
    await advance(env.test, clock, '2027-06-10T00:00:00.000Z');
    await use('6');
    const [first] = await thresholds();
    const invoice = ok(await env.test('GET', `/invoices/${String(first?.id)}`), 'invoice');
    expect(invoice).toMatchObject({ billing_reason: 'subscription_threshold', total: '1100' });
    expect(pick(invoice.lines as Line[])).toEqual([[calls.priceId, 11, '1100']]);
    // The span ends just after the clock's time, so the event stamped at it is billed.
    expect(first?.periodEnd?.toISOString()).toBe('2027-06-10T00:00:00.001Z');
    // Below the threshold again: no second invoice; the renewal bills only what came after.
    await advance(env.test, clock, '2027-06-20T00:00:00.000Z');
    await use('3');
    expect(await thresholds()).toHaveLength(1);
    const pending = ok(
      await env.test('GET', `/meter-events/pending-amount?customer_id=${customer}`),
      'pending',
    );
    expect(pending.data).toEqual([expect.objectContaining({ quantity: '3', amount: '300' })]);
    await advance(env.test, clock, '2027-07-01T00:00:00.000Z');
    const [cycle] = (await invoicesOf(db(), subId)).filter((r) => r.billingReason === 'subscription_cycle');
    const renewal = ok(await env.test('GET', `/invoices/${String(cycle?.id)}`), 'invoice');
    expect(pick(renewal.lines as Line[])).toEqual([[calls.priceId, 3, '300']]);
  });
});
