import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../src/core/realtime/bus.js';
import { events, invoiceItems, invoices, subscriptions } from '../../src/db/schema/index.js';
import { renewDueBatch } from '../../src/payment/billing/index.js';
import { formatInvoiceNumber, invoiceNumberSql } from '../../src/payment/billing/invoice-number.js';
import { itemsOfSubscriptions } from '../../src/payment/billing/repo.js';
import {
  invoiceObject,
  subscriptionItemObject,
  subscriptionObject,
} from '../../src/payment/billing/serialize.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { newClock, newCustomer } from './billing-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// The batch renewal writes its events, relay bundle and collection jobs in SQL from the rows it
// inserted: what a webhook endpoint, a socket listener and the job queue see must be exactly what the
// one-row path serialises in Node (invoiceObject / subscriptionObject of the rows as stored).
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  database = await cloneTestDatabase();
  server = await startTestServer(database.url, {
    PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
    JOB_CONCURRENCY: '0',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('batch renewal events', () => {
  it('carry the same objects as the API serialises, on the relay and with one job per charge', async () => {
    const client = clientFor(server.url, TEST_SECRET);
    const ok = async (path: string, body: unknown) => {
      const res = await client('POST', path, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string };
    };
    const method = await ok('/payment-methods', {
      type: 'ethereum',
      name: 'Batch EVM',
      settings: {
        ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545', explorer_host: 'http://x' },
      },
    });
    const currency = await ok('/payment-currencies', {
      payment_method_id: method.id,
      symbol: 'TUSD',
      name: 'Test USD',
      decimal: 6,
    });
    const product = await ok('/products', { name: 'Batch plan' });
    const priceOf = async (amount: string) =>
      (
        await ok('/prices', {
          product_id: product.id,
          currency_id: currency.id,
          unit_amount: amount,
          recurring: { interval: 'month' },
        })
      ).id;
    const [basic, extra] = [await priceOf('1000000'), await priceOf('250000')];
    // A test-mode endpoint: every event the batch writes queues its webhook fan-out job (checked below).
    await ok('/webhook-endpoints', { url: 'https://hooks.example.com/batch', enabled_events: ['*'] });
    const clock = await newClock(client, '2027-01-31T00:00:00.000Z');
    const ids: string[] = [];
    const plans = [
      [{ price_id: basic, quantity: 1 }],
      [{ price_id: basic, quantity: 3 }],
      [
        { price_id: basic, quantity: 1 },
        { price_id: extra, quantity: 2 },
      ],
    ];
    for (const [index, items] of plans.entries()) {
      const customer = await newCustomer(client, `Batch ${index}`);
      const sub = await ok('/subscriptions', {
        customer_id: customer,
        items,
        currency_id: currency.id,
        payment_method_id: method.id,
        collection_method: 'send_invoice',
        test_clock_id: clock,
        metadata: { n: String(index) },
      });
      ids.push(sub.id);
    }
    const db = server.server.services.database.db;
    // All active (their first invoice stays open); the last one collects automatically: its open
    // invoice gets a collection job in the batch.
    await db.update(subscriptions).set({ status: 'active' }).where(inArray(subscriptions.id, ids));
    await db
      .update(subscriptions)
      .set({ collectionMethod: 'charge_automatically' })
      .where(eq(subscriptions.id, ids[2] ?? ''));
    const [first] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, ids[0] ?? ''));
    // Jan 31 + 1 month: the period ends on Feb 28.
    expect(first?.currentPeriodEnd.toISOString()).toBe('2027-02-28T00:00:00.000Z');
    const heard: RealtimeMessage[] = [];
    const stop = server.server.services.bus.subscribe((m) => heard.push(m));
    const now = new Date('2027-02-28T00:00:00.000Z');
    const ctx = { db, services: server.server.services };
    const outcomes = await renewDueBatch(ctx, { clockId: clock, now, queueCollect: true });
    expect(outcomes.map((o) => o.kind)).toEqual(['renewed', 'renewed', 'renewed']);

    const subRows = await db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const items = await itemsOfSubscriptions(db, ids);
    const invoiceRows = await db.select().from(invoices).where(inArray(invoices.subscriptionId, ids));
    const cycle = invoiceRows.filter((r) => r.billingReason === 'subscription_cycle');
    expect(cycle).toHaveLength(3);
    const expected: Array<{ type: string; object: unknown }> = [];
    for (const outcome of outcomes) {
      if (outcome.kind !== 'renewed' || !outcome.invoice) throw new Error('not renewed');
      const stored = cycle.find((r) => r.id === outcome.invoice?.id);
      const sub = subRows.find((s) => s.id === outcome.subscription.id);
      if (!stored || !sub) throw new Error('missing row');
      // The outcome carries the rows as stored (the invoice as RETURNING gave it).
      expect(outcome.invoice).toEqual(stored);
      expect(outcome.subscription).toEqual(sub);
      expect(sub.latestInvoiceId).toBe(stored.id);
      const invoiceJson = plain(invoiceObject(stored));
      const subJson = plain(
        subscriptionObject(
          sub,
          (items.get(sub.id) ?? []).map((i) => subscriptionItemObject(i)),
        ),
      );
      expected.push(
        { type: 'invoice.created', object: invoiceJson },
        { type: 'invoice.finalized', object: invoiceJson },
        { type: 'customer.subscription.updated', object: subJson },
      );
    }
    const written = await db
      .select()
      .from(events)
      .where(inArray(events.objectId, [...ids, ...cycle.map((r) => r.id)]));
    const batchEvents = written.filter(
      (e) => e.type !== 'customer.subscription.created' && (e.data.object as { id: string }).id,
    );
    const key = (e: { type: string; object: unknown }) => `${e.type}|${(e.object as { id: string }).id}`;
    const got = batchEvents
      .filter((e) => expected.some((x) => key(x) === key({ type: e.type, object: e.data.object })))
      .map((e) => ({ type: e.type, object: e.data.object }));
    expect(got.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...expected].sort((a, b) => key(a).localeCompare(key(b))),
    );

    // The relay bundle: each event once per topic (customer and subscription), with the same object.
    await until('the relayed batch', () =>
      heard.filter((m) => m.event === 'invoice.finalized').length >= 6 ? true : undefined,
    );
    stop();
    const relayed = heard
      .filter((m) => expected.some((x) => key(x) === key({ type: m.event, object: m.data })))
      .map((m) => `${m.topic}|${key({ type: m.event, object: m.data })}`);
    const topicsOf = (object: unknown) => {
      const o = object as { customer_id: string; id: string; subscription_id?: string };
      return [`customer:${o.customer_id}`, `subscription:${o.subscription_id ?? o.id}`];
    };
    expect(relayed.sort()).toEqual(
      expected.flatMap((x) => topicsOf(x.object).map((t) => `${t}|${key(x)}`)).sort(),
    );
    for (const m of heard) {
      const match = expected.find((x) => key(x) === key({ type: m.event, object: m.data }));
      if (match) expect(m.data).toEqual(match.object);
    }

    // The lines keep their product's texts, as the one-row path keeps them on each first invoice.
    const lines = await db
      .select()
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          invoiceRows.map((r) => r.id),
        ),
      );
    const kept = (invoiceId: string) =>
      lines
        .filter((l) => l.invoiceId === invoiceId)
        .map((l) => ({ price: l.priceId, metadata: l.metadata }))
        .sort((a, b) => `${a.price}`.localeCompare(`${b.price}`));
    for (const row of cycle) {
      const firstInvoice = invoiceRows.find(
        (r) => r.subscriptionId === row.subscriptionId && r.billingReason !== 'subscription_cycle',
      );
      expect(kept(row.id)[0]?.metadata).toEqual({
        billed_product: { name: 'Batch plan', description: null, metadata: {} },
      });
      expect(kept(row.id)).toEqual(kept(firstInvoice?.id ?? ''));
    }

    // One collection job, for the open charge_automatically invoice only, keyed by invoice and time.
    const charged = cycle.find((r) => r.subscriptionId === ids[2]);
    const jobs = await server.server.services.database.pool.query<{ key: string; payload: unknown }>(
      `select key, payload from graphile_worker._private_jobs where key like 'collect:%'`,
    );
    const at = charged?.nextPaymentAttempt?.toISOString();
    expect(at).toBe(now.toISOString());
    expect(jobs.rows).toEqual([
      { key: `collect:${charged?.id}:${at}`, payload: { kind: 'collect', id: charged?.id, at } },
    ]);
    // One webhook fan-out job per event the batch wrote, however many rows its INSERT had.
    const fanout = await server.server.services.database.pool.query<{ key: string }>(
      `select key from graphile_worker._private_jobs where key = any($1::text[])`,
      [batchEvents.map((e) => `webhook-fanout:${e.id}`)],
    );
    expect(fanout.rows.map((r) => r.key).sort()).toEqual(
      batchEvents.map((e) => `webhook-fanout:${e.id}`).sort(),
    );
  });

  it('two batch loops, each skipping the rows the other holds, renew each due subscription once, numbers gapless', async () => {
    const client = clientFor(server.url, TEST_SECRET);
    const db = server.server.services.database.db;
    const pool = server.server.services.database.pool;
    const [template] = await db.select().from(subscriptions).limit(1);
    if (!template) throw new Error('no subscription to copy');
    const clock = await newClock(client, '2027-05-01T00:00:00.000Z');
    const count = 40;
    // Copies of the first test's subscription on a new clock, all due at once.
    await pool.query(
      `insert into subscriptions (id, livemode, status, customer_id, currency_id, default_payment_method_id,
         collection_method, recurring_interval, recurring_interval_count, start_date, current_period_start,
         current_period_end, billing_cycle_anchor, test_clock_id)
       select 'sub_pair_' || g, livemode, 'active', customer_id, currency_id, default_payment_method_id,
         'charge_automatically', recurring_interval, recurring_interval_count, timestamptz '2027-04-01',
         timestamptz '2027-04-01', timestamptz '2027-05-01', timestamptz '2027-04-01', $2
       from subscriptions, generate_series(1, $3::int) g where id = $1`,
      [template.id, clock, count],
    );
    await pool.query(
      `insert into subscription_items (id, livemode, subscription_id, price_id, quantity)
       select 'si_pair_' || g, false, 'sub_pair_' || g,
         (select price_id from subscription_items where subscription_id = $1 order by created_at limit 1), 1
       from generate_series(1, $2::int) g`,
      [template.id, count],
    );
    const ctx = { db, services: server.server.services };
    const now = new Date('2027-05-01T00:00:00.000Z');
    const renewedBy: string[][] = [[], []];
    await Promise.all(
      renewedBy.map(async (mine) => {
        for (;;) {
          const outcomes = await renewDueBatch(ctx, { clockId: clock, now, limit: 3, skipLocked: true });
          if (outcomes.length === 0) return;
          for (const o of outcomes) if (o.kind === 'renewed' && o.invoice) mine.push(o.subscription.id);
        }
      }),
    );
    const all = renewedBy.flat();
    expect(all).toHaveLength(count);
    expect(new Set(all).size).toBe(count);
    const rows = await db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.subscriptionId,
          Array.from({ length: count }, (_, i) => `sub_pair_${i + 1}`),
        ),
      );
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.periodStart?.toISOString() === now.toISOString())).toBe(true);
    const numbers = rows.map((r) => Number(r.number?.slice(4))).sort((a, b) => a - b);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(count - 1);
    // Nothing is due any more: a third pass finds no row.
    expect(await renewDueBatch(ctx, { clockId: clock, now, skipLocked: true })).toEqual([]);
  });

  it('numbers an invoice in SQL exactly as formatInvoiceNumber does', async () => {
    const values = [1n, 42n, 999_999n, 1_000_000n, 12_345_678_901n];
    const result = await server.server.services.database.db.execute<{ number: string }>(
      sql.raw(
        `select ${invoiceNumberSql('n')} as number from unnest(array[${values.join(', ')}]::bigint[]) with ordinality as t(n, i) order by i`,
      ),
    );
    expect(result.rows.map((r) => r.number)).toEqual(values.map(formatInvoiceNumber));
  });
});
