// The renewal run: N due subscriptions renewed (each: its row lock, the cycle invoice with its number,
// lines and customer balance application, the new period, the events), as a ratio against the raw
// multi-row INSERT rate of the same rows (invoices + invoice items) measured in the same run on the same
// database. The subscriptions live on a test clock so the server's own billing tick leaves them alone.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { renewDueBatch, renewSubscription } from '../apps/server/src/payment/billing/index.js';

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
         collection_method, recurring_interval, recurring_interval_count, timestamptz '2026-12-01',
         timestamptz '2026-12-01', timestamptz '2027-01-01', timestamptz '2026-12-01', test_clock_id
       from subscriptions, generate_series($2::int, $3::int) g where id = $1`,
      [template.id, from, to],
    );
    await pool.query(
      `insert into subscription_items (id, livemode, subscription_id, price_id, quantity)
       select 'si_bench_' || g, false, 'sub_bench_' || g, $1, 1 from generate_series($2::int, $3::int) g`,
      [price.id, from, to],
    );
  }

  // Baseline: the same rows (one invoice and one line per subscription) by multi-row INSERT.
  const rawStart = performance.now();
  for (let from = 1; from <= N; from += BATCH) {
    const to = Math.min(N, from + BATCH - 1);
    await pool.query(
      `insert into invoices (id, livemode, status, billing_reason, customer_id, currency_id, subtotal, total,
         amount_due, amount_remaining, period_start, period_end, subscription_id, number)
       select 'in_raw_' || g, false, 'open', 'manual', $1, $2, 1000000, 1000000, 1000000, 1000000,
         timestamptz '2027-01-01', timestamptz '2027-02-01', 'sub_bench_' || g, 'RAW-' || g
       from generate_series($3::int, $4::int) g`,
      [customer.id, currency.id, from, to],
    );
    await pool.query(
      `insert into invoice_items (id, livemode, invoice_id, price_id, quantity, amount, period_start, period_end)
       select 'ii_raw_' || g, false, 'in_raw_' || g, $1, 1, 1000000, timestamptz '2027-01-01',
         timestamptz '2027-02-01' from generate_series($2::int, $3::int) g`,
      [price.id, from, to],
    );
  }
  const rawSeconds = (performance.now() - rawStart) / 1000;
  await pool.query(`delete from invoice_items where id like 'ii_raw_%'`);
  await pool.query(`delete from invoices where id like 'in_raw_%'`);

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
  console.log(`raw INSERT (invoice + line)   ${rawRate.toFixed(0).padStart(8)} rows/s`);
  console.log(
    `renewals ${MODE} (${renewed}/${N}, ${CONCURRENCY} at once) ${rate.toFixed(0).padStart(8)} /s   ${ratio.toFixed(3)}` +
      `   ${ratio >= GOAL ? '✓' : '✗'} goal >= ${GOAL}   (${seconds.toFixed(1)} s)`,
  );
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (ratio < GOAL && process.env.BENCH_STRICT === '1') process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
