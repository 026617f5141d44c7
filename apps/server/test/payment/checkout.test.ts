import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, events } from '../../src/db/schema/index.js';
import { insertSessionWithEvent, type InsertDurability } from '../../src/payment/checkout/repo.js';
import { seedCurrency, startPaymentEnv, type Client, type PaymentTestEnv } from './support.js';

let env: PaymentTestEnv;
let currencyId: string;
let otherCurrency: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test));
  ({ currencyId: otherCurrency } = await seedCurrency(env.test, 18, 6));
});
afterAll(() => env?.stop());

async function price(body: Record<string, unknown>, client: Client = env.test): Promise<string> {
  const prod = await client('POST', '/products', { body: { name: 'P', ...(body.productExtra as object) } });
  const { productExtra: _x, ...rest } = body;
  const res = await client('POST', '/prices', {
    body: { product_id: prod.body.id, currency_id: currencyId, ...rest },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}

describe('payment links', () => {
  it('creates with line items, copies its URL, updates and archives', async () => {
    const p = await price({ unit_amount: '2500000' });
    const res = await env.test('POST', '/payment-links', {
      body: {
        line_items: [
          { price_id: p, quantity: 2, adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 } },
        ],
        after_completion: { type: 'hosted_confirmation', hosted_confirmation: { custom_message: 'Thanks!' } },
      },
    });
    expect(res.status).toBe(200);
    expect(String(res.body.id)).toMatch(/^plink_/);
    expect(res.body.url).toBe(`${env.server.url}/payment/checkout/pay/${String(res.body.id)}`);
    const items = res.body.line_items as Array<{
      price: { id: string; product: { name: string } };
      quantity: number;
    }>;
    expect(items[0]).toMatchObject({ quantity: 2, price: { id: p, product: { name: 'P' } } });
    const id = String(res.body.id);
    const updated = await env.test('PUT', `/payment-links/${id}`, { body: { name: 'Renamed' } });
    expect(updated.body.name).toBe('Renamed');
    expect((await env.test('PUT', `/payment-links/${id}/archive`)).body.active).toBe(false);
    const started = await env.anonymous('POST', `/checkout-sessions/start/${id}`, { body: {} });
    expect(started.status).toBe(400);
    expect(started.body.error?.message).toBe('Expired Link');
  });

  it('validates line items with the money rules', async () => {
    const custom1 = await price({ custom_unit_amount: { presets: ['1000000'] } });
    const custom2 = await price({ custom_unit_amount: { presets: ['2000000'] } });
    const two = await env.test('POST', '/payment-links', {
      body: { line_items: [{ price_id: custom1 }, { price_id: custom2 }] },
    });
    expect(two.body.error).toMatchObject({
      code: 'multiple_custom_unit_amount',
      message: 'Multiple items with custom unit amount are not supported',
      param: 'line_items',
    });
    const limited = await price({ unit_amount: '1', quantity_limit_per_checkout: 2, quantity_available: 10 });
    const over = await env.test('POST', '/payment-links', {
      body: { line_items: [{ price_id: limited, quantity: 3 }] },
    });
    expect(over.body.error).toMatchObject({
      message: 'Exceed purchase limit',
      param: 'line_items.0.quantity',
    });
    const stock = await env.test('POST', '/payment-links', {
      body: { line_items: [{ price_id: limited, quantity: 11 }] },
    });
    expect(stock.body.error).toMatchObject({ message: 'Exceed inventory' });
    const currency = await env.test('POST', '/payment-links', {
      body: { line_items: [{ price_id: limited }], currency_id: otherCurrency },
    });
    expect(currency.body.error).toMatchObject({
      message: 'Currency not configured for price',
      param: 'line_items.0.price_id',
    });
    const missing = await env.test('POST', '/payment-links', { body: { line_items: [] } });
    expect(missing.body.error?.param).toBe('line_items');
  });
});

describe('checkout sessions (merchant)', () => {
  it('creates with a hosted URL and totals, retrieves, lists, expands and expires', async () => {
    const monthly = await price({ unit_amount: '9990000', recurring: { interval: 'month' } });
    const once = await price({ unit_amount: '500000' });
    const customer = await env.test('POST', '/customers', {
      body: { name: 'Ann', email: 'ann@example.com' },
    });
    const res = await env.test('POST', '/checkout-sessions', {
      body: {
        line_items: [{ price_id: monthly }, { price_id: once, quantity: 3 }],
        customer_id: customer.body.id,
        success_url: 'https://shop.example/done',
        subscription_data: { trial_period_days: 7 },
      },
      idem: 'cs-create-1',
    });
    expect(res.status).toBe(200);
    const id = String(res.body.id);
    expect(id).toMatch(/^cs_[A-Za-z0-9]{24}$/);
    expect(res.body).toMatchObject({
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: '1500000', // the monthly line is free during the trial
      url: `${env.server.url}/payment/checkout/pay/${id}`,
    });
    expect(Number(res.body.expires_at)).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    const again = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: once }] },
      idem: 'cs-create-1',
    });
    expect(again.body.error?.code).toBe('idempotency_key_in_use');
    const expanded = await env.test('GET', `/checkout-sessions/${id}`, { query: { 'expand[]': 'customer' } });
    expect(expanded.body.customer).toMatchObject({ name: 'Ann' });
    const listed = await env.test('GET', '/checkout-sessions', { query: { status: 'open' } });
    expect((listed.body.data as Array<{ id: string }>).map((s) => s.id)).toContain(id);
    const meta = await env.test('PUT', `/checkout-sessions/${id}`, { body: { metadata: { order: '42' } } });
    expect(meta.body.metadata).toEqual({ order: '42' });
    const expired = await env.test('PUT', `/checkout-sessions/${id}/expire`);
    expect(expired.body.status).toBe('expired');
    const change = await env.anonymous('PUT', `/checkout-sessions/${id}/adjust-quantity`, {
      body: { itemId: once, quantity: 1 },
    });
    expect(change.body.error?.code).toBe('checkout_session_expired');
    const { rows } = await env.server.server.services.database.pool.query<{ type: string }>(
      'SELECT type FROM events WHERE object_id = $1 ORDER BY created_at',
      [id],
    );
    expect(rows.map((r) => r.type)).toEqual(['checkout.session.created', 'checkout.session.expired']);
  });

  it('writes the created event with the session as stored (the row as JSON) and the idempotency key', async () => {
    const once = await price({ unit_amount: '700000' });
    const res = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: once, quantity: 2 }], metadata: { order: '7' } },
      idem: 'cs-event-1',
    });
    expect(res.status).toBe(200);
    const { db } = env.server.server.services.database;
    const [row] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, String(res.body.id)));
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.objectId, String(res.body.id)), eq(events.type, 'checkout.session.created')));
    // What recordEvent stores for a row read back: bigints as decimal strings, times as ISO strings.
    const asJson = JSON.parse(
      JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    ) as unknown;
    expect(event?.data).toEqual({ object: asJson });
    expect(event).toMatchObject({ livemode: false, requestIdempotencyKey: 'cs-event-1' });
  });

  it('validates mode, expiry, customer and sums 2^200-sized amounts exactly', async () => {
    const once = await price({ unit_amount: '1' });
    const bad = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: once }], mode: 'subscription' },
    });
    expect(bad.body.error?.param).toBe('mode');
    const soon = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: once }], expires_at: Math.floor(Date.now() / 1000) + 60 },
    });
    expect(soon.body.error?.param).toBe('expires_at');
    const nobody = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: once }], customer_id: 'cus_missing0000000000000' },
    });
    expect(nobody.body.error?.param).toBe('customer_id');
    const big = (2n ** 200n).toString();
    const huge = await price({ unit_amount: big });
    const sum = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: huge, quantity: 3 }] },
    });
    expect(sum.body.amount_total).toBe((3n * 2n ** 200n).toString());
  });
});

describe('session insert durability', () => {
  // Inside a transaction the setting can be read back before commit: `async` turns synchronous_commit off
  // for that transaction only (a link's start), `sync` (every other insert) leaves it on.
  it('commits a link start without waiting for the WAL flush, every other insert with it', async () => {
    const { db } = env.server.server.services.database;
    const values = (id: string) => ({
      id,
      livemode: false,
      mode: 'payment' as const,
      currencyId,
      lineItems: [],
      amountSubtotal: 0n,
      amountTotal: 0n,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const settingAfter = (durability: InsertDurability, id: string) =>
      db.transaction(async (tx) => {
        await insertSessionWithEvent(tx, values(id), 'checkout.session.created', null, durability);
        const { rows } = await tx.execute<{ synchronous_commit: string }>(sql`SHOW synchronous_commit`);
        return rows[0]?.synchronous_commit;
      });
    expect(await settingAfter('async', 'cs_durability_async_000000')).toBe('off');
    expect(await settingAfter('sync', 'cs_durability_sync_0000000')).toBe('on');
    const rows = await db
      .select()
      .from(events)
      .where(eq(events.type, 'checkout.session.created'))
      .then((all) => all.filter((e) => e.objectId.startsWith('cs_durability_')));
    expect(rows).toHaveLength(2);
  });
});
