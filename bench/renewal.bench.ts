// The renewal run: N due charge_automatically subscriptions renewed (each: its row lock, the cycle
// invoice with its number and lines, the new period, three events, the relay notification and the
// queued collection job), as a ratio against the raw multi-row INSERT rate of the same rows (invoices,
// invoice items, three events with the same objects, one collection job each) measured in the same run
// on the same database. The subscriptions live on a test clock so the server's own billing tick leaves
// them alone, and the job workers are off (JOB_CONCURRENCY=0) so the queued collections do not run.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { eq } from 'drizzle-orm';
import { invoices } from '../apps/server/src/db/schema/index.js';
import { renewDueBatch, renewSubscription } from '../apps/server/src/payment/billing/index.js';
import { invoiceObject } from '../apps/server/src/payment/billing/serialize.js';

const N = Number(process.env.BENCH_RENEWALS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_RENEWAL_CONCURRENCY ?? 2);
/** `batch` (default): renewDueBatch, as the tick runs it; `single`: one transaction per subscription. */
const MODE = process.env.BENCH_RENEWAL_MODE ?? 'batch';
const RENEW_BATCH = Number(process.env.BENCH_RENEWAL_BATCH ?? 500);
const BATCH = 1000;
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';
/** Goal: renewals at this fraction of the raw INSERT rate of their rows. */
const GOAL = 0.25;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DEMO_CHAIN: 'false',
    PAYMENT_TEST_SECRET_KEY: SECRET,
    JOB_CONCURRENCY: '0',
  });
  const server = await createServer(config, pino({ level: config.LOG_LEVEL }));
  const base = `${await server.start()}/payment/api`;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const method = await api('POST', '/payment-methods', {
    type: 'ethereum',
    name: 'Bench EVM',
    settings: { ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545', explorer_host: 'http://x' } },
  });
  const currency = await api('POST', '/payment-currencies', {
    payment_method_id: method.id,
    symbol: 'TUSD',
    name: 'Test USD',
    decimal: 6,
  });
  const product = await api('POST', '/products', { name: 'Bench plan' });
  const price = await api('POST', '/prices', {
    product_id: product.id,
    currency_id: currency.id,
    unit_amount: '1000000',
    recurring: { interval: 'month' },
  });
  const clock = await api('POST', '/test-clocks', { frozen_time: '2027-01-01T00:00:00.000Z' });
  const customer = await api('POST', '/customers', { name: 'Bench' });
  const template = await api('POST', '/subscriptions', {
    customer_id: customer.id,
    items: [{ price_id: price.id, quantity: 1 }],
    currency_id: currency.id,
    payment_method_id: method.id,
    collection_method: 'send_invoice',
    test_clock_id: clock.id,
  });

  const pool = server.services.database.pool;
  console.log(`seeding ${N} due subscriptions…`);
  for (let from = 1; from <= N; from += BATCH) {
    const to = Math.min(N, from + BATCH - 1);
    await pool.query(
      `insert into subscriptions (id, livemode, status, customer_id, currency_id, default_payment_method_id,
         collection_method, recurring_interval, recurring_interval_count, start_date, current_period_start,
         current_period_end, billing_cycle_anchor, test_clock_id)
       select 'sub_bench_' || g, livemode, 'active', customer_id, currency_id, default_payment_method_id,
         'charge_automatically', recurring_interval, recurring_interval_count, timestamptz '2026-12-01',
         timestamptz '2026-12-01', timestamptz '2027-01-01', timestamptz '2026-12-01', test_clock_id
       from subscriptions, generate_series($2::int, $3::int) g where id = $1`,
      [template.id, from, to],
    );
    await pool.query(
      `insert into subscription_items (id, livemode, subscription_id, price_id, quantity)
       select 'si_bench_' || g, false, 'sub_bench_' || g, $1, 1 from generate_series($2::int, $3::int) g`,
      [price.id, from, to],
    );
    // Each subscription's paid invoice of the period that ends now: a database holding N due
    // subscriptions holds their earlier invoices too.
    await pool.query(
      `insert into invoices (id, livemode, status, billing_reason, customer_id, currency_id, subtotal, total,
         amount_due, amount_paid, amount_remaining, period_start, period_end, subscription_id, number)
       select 'in_prev_' || g, false, 'paid', 'subscription_cycle', $1, $2, 1000000, 1000000, 1000000,
         1000000, 0, timestamptz '2026-12-01', timestamptz '2027-01-01', 'sub_bench_' || g, 'PREV-' || g
       from generate_series($3::int, $4::int) g`,
      [customer.id, currency.id, from, to],
    );
    await pool.query(
      `insert into invoice_items (id, livemode, invoice_id, price_id, quantity, amount, period_start, period_end)
       select 'ii_prev_' || g, false, 'in_prev_' || g, $1, 1, 1000000, timestamptz '2026-12-01',
         timestamptz '2027-01-01' from generate_series($2::int, $3::int) g`,
      [price.id, from, to],
    );
  }
  // Planner statistics as a live database has them (autovacuum keeps them): without them every
  // connection plans the invoice_items foreign-key check as a scan of an "empty" invoices table, and
  // keeps that plan while the table grows.
  await pool.query('analyze subscriptions, subscription_items, invoices, invoice_items');

  // Baseline: the same rows by multi-row INSERT: per subscription one invoice, one line, three events
  // carrying an invoice-sized object (the template's first invoice as the API shows it, with the raw
  // invoice's id) and one collection job (graphile-worker add_jobs).
  const [sample] = await server.services.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, String(template.id)));
  if (!sample) throw new Error('the template subscription has no invoice');
  const object = JSON.stringify(invoiceObject(sample));
  // As many writers as renewal loops (CONCURRENCY), each inserting the next batch of rows in its own
  // transaction: the baseline gets the same parallelism the renewals get.
  const rawIds = {
    customer: String(customer.id),
    currency: String(currency.id),
    price: String(price.id),
    object,
  };
  let nextRaw = 1;
  const rawStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (nextRaw <= N) {
        const from = nextRaw;
        const to = Math.min(N, from + BATCH - 1);
        nextRaw = to + 1;
        const client = await pool.connect();
        try {
          await insertRawBatch(client, from, to, rawIds);
        } finally {
          client.release();
        }
      }
    }),
  );
  const rawSeconds = (performance.now() - rawStart) / 1000;
  await pool.query(`delete from graphile_worker._private_jobs where key like 'collect:in_raw_%'`);
  await pool.query(`delete from events where id like 'evt_raw_%'`);
  await pool.query(`delete from invoice_items where id like 'ii_raw_%'`);
  await pool.query(`delete from invoices where id like 'in_raw_%'`);
  await pool.query('vacuum analyze invoices, invoice_items, events');

  const ctx = { db: server.services.database.db, services: server.services };
  const now = new Date('2027-01-01T00:00:00.000Z');
  let next = 1;
  let renewed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      // Batches: each worker takes the next due rows the others do not hold (SKIP LOCKED) and queues
      // each open invoice's collection job in the batch, as the real-time tick does.
      while (MODE === 'batch') {
        const outcomes = await renewDueBatch(ctx, {
          clockId: String(clock.id),
          now,
          limit: RENEW_BATCH,
          skipLocked: true,
          queueCollect: true,
        });
        for (const o of outcomes) if (o.kind === 'renewed' && o.invoice) renewed += 1;
        if (outcomes.length === 0) break;
      }
      while (MODE === 'single' && next <= N) {
        const id = `sub_bench_${next++}`;
        const outcome = await renewSubscription(ctx, id, now);
        if (outcome.kind === 'renewed' && outcome.invoice) renewed += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const rawRate = N / rawSeconds;
  const rate = renewed / seconds;
  const ratio = rate / rawRate;
  const jobs = await pool.query<{ n: string }>(
    `select count(*) as n from graphile_worker._private_jobs where key like 'collect:in_%'`,
  );
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`load average ${load}; ${jobs.rows[0]?.n} collection jobs queued`);
  console.log(
    `raw INSERT (invoice + line + 3 events + job, ${CONCURRENCY} at once) ${rawRate.toFixed(0).padStart(8)} rows/s   (${rawSeconds.toFixed(1)} s)`,
  );
  console.log(
    `renewals ${MODE} (${renewed}/${N}, ${CONCURRENCY} at once) ${rate.toFixed(0).padStart(8)} /s   ${ratio.toFixed(3)}` +
      `   ${ratio >= GOAL ? '✓' : '✗'} goal >= ${GOAL}   (${seconds.toFixed(1)} s)`,
  );
  const hundredK = 100_000 / rate;
  console.log(
    `100,000 renewals at this rate: ${hundredK.toFixed(0)} s   ${hundredK <= 60 ? '✓' : '✗'} goal <= 60 s`,
  );
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (ratio < GOAL && process.env.BENCH_STRICT === '1') process.exit(1);
}

/** One transaction of the raw baseline: rows `from`..`to` by multi-row INSERT. */
async function insertRawBatch(
  client: pg.PoolClient,
  from: number,
  to: number,
  ids: { customer: string; currency: string; price: string; object: string },
): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into invoices (id, livemode, status, billing_reason, customer_id, currency_id, subtotal, total,
       amount_due, amount_remaining, period_start, period_end, subscription_id, number, next_payment_attempt)
     select 'in_raw_' || g, false, 'open', 'manual', $1, $2, 1000000, 1000000, 1000000, 1000000,
       timestamptz '2027-01-01', timestamptz '2027-02-01', 'sub_bench_' || g, 'RAW-' || g,
       timestamptz '2027-01-01'
     from generate_series($3::int, $4::int) g`,
    [ids.customer, ids.currency, from, to],
  );
  await client.query(
    `insert into invoice_items (id, livemode, invoice_id, price_id, quantity, amount, period_start, period_end)
     select 'ii_raw_' || g, false, 'in_raw_' || g, $1, 1, 1000000, timestamptz '2027-01-01',
       timestamptz '2027-02-01' from generate_series($2::int, $3::int) g`,
    [ids.price, from, to],
  );
  await client.query(
    `insert into events (id, livemode, type, object_id, data)
     select 'evt_raw_' || g || '_' || k, false, 'invoice.created', 'in_raw_' || g,
       jsonb_build_object('object', $1::jsonb || jsonb_build_object('id', 'in_raw_' || g))
     from generate_series($2::int, $3::int) g, generate_series(1, 3) k`,
    [ids.object, from, to],
  );
  await client.query(
    `select count(*) from graphile_worker.add_jobs(array(
       select row('billing:work', json_build_object('kind', 'collect', 'id', 'in_raw_' || g,
         'at', '2027-01-01T00:00:00.000Z'), null, null, 25, 'collect:in_raw_' || g, null, null
       )::graphile_worker.job_spec from generate_series($1::int, $2::int) g))`,
    [from, to],
  );
  await client.query('commit');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
