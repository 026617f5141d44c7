// The usage run. Ingestion: N meter events through `POST /meter-events/batch` (1,000 per request, a
// few requests at once, every event with its idempotency identifier, validated, one INSERT ... ON
// CONFLICT DO NOTHING with the daily rollup per batch), printed beside the raw multi-row INSERT of the
// same rows (same batch size and concurrency, into a table of the same shape and indexes, no HTTP, no
// rollup) measured in the same run on the same database. Aggregation: one customer's period over
// 1,000,000 events (sum and count by the rollup plus the partial days, last by the index), the
// median of several reads, beside a plain sum over the index of the same rows.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { meterUsage, recordEvents } from '../apps/server/src/payment/meters/index.js';

const N = Number(process.env.BENCH_USAGE_EVENTS ?? 200_000);
const BATCH = 1000;
const CONCURRENCY = Number(process.env.BENCH_USAGE_CONCURRENCY ?? 4);
const AGG_EVENTS = Number(process.env.BENCH_USAGE_AGG_EVENTS ?? 1_000_000);
const CUSTOMERS = 100;
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';
const GOAL_RATE = 20_000;
const GOAL_AGG_MS = 100;
const DAY = 86_400_000;

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
  const pool = server.services.database.pool;
  const meter = await api('POST', '/meters', { name: 'Bench', event_name: 'bench.calls', unit: 'call' });
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    customers.push(String((await api('POST', '/customers', { name: `Bench ${i}` })).id));
  }
  const now = Date.now();
  const batches = Array.from({ length: Math.ceil(N / BATCH) }, (_, b) =>
    Array.from({ length: Math.min(BATCH, N - b * BATCH) }, (_, i) => {
      const n = b * BATCH + i;
      return {
        event_name: 'bench.calls',
        identifier: `bench-${n}`,
        payload: { customer_id: customers[n % CUSTOMERS] ?? '', value: String(1 + (n % 7)) },
        timestamp: new Date(now - (n % (30 * 24)) * 3_600_000).toISOString(),
      };
    }),
  );
  const runAll = async (send: (events: (typeof batches)[number], index: number) => Promise<void>) => {
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let b = next++; b < batches.length; b = next++) await send(batches[b] ?? [], b);
      }),
    );
    return (performance.now() - start) / 1000;
  };

  // Baseline: the same rows by a multi-row INSERT (from arrays) into a table of the same shape.
  await pool.query('create table meter_events_raw (like meter_events including all)');
  const rawSeconds = await runAll(async (events) => {
    await pool.query(
      `insert into meter_events_raw (id, livemode, meter_id, event_name, identifier, customer_id, value, "timestamp")
       select 'raw_' || i, false, $1, 'bench.calls', i, c, v, t
       from unnest($2::text[], $3::text[], $4::numeric[], $5::timestamptz[]) as u(i, c, v, t)`,
      [
        meter.id,
        events.map((e) => e.identifier),
        events.map((e) => e.payload.customer_id),
        events.map((e) => e.payload.value),
        events.map((e) => e.timestamp),
      ],
    );
  });
  await pool.query('drop table meter_events_raw');

  let accepted = 0;
  const apiSeconds = await runAll(async (events) => {
    const answer = await api('POST', '/meter-events/batch', { events });
    accepted += Number(answer.accepted);
  });
  // The same validation and statement called in-process (no HTTP, no JSON): what the API adds on top.
  const direct = batches.map((events) => events.map((e) => ({ ...e, identifier: `direct-${e.identifier}` })));
  const directSeconds = await runAll(async (_events, index) => {
    await recordEvents(server.services.database.db, false, direct[index] ?? [], () => '', null);
  });
  // The first batch again: every event a duplicate, nothing counted twice.
  const again = await api('POST', '/meter-events/batch', { events: batches[0] });
  const rawRate = N / rawSeconds;
  const apiRate = N / apiSeconds;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`load average ${load}; ${N} events, ${BATCH} per batch, ${CONCURRENCY} batches at once`);
  console.log(
    `raw multi-row INSERT       ${rawRate.toFixed(0).padStart(8)} events/s   (${rawSeconds.toFixed(1)} s)`,
  );
  console.log(
    `batch API (idempotent)     ${apiRate.toFixed(0).padStart(8)} events/s   (${apiSeconds.toFixed(1)} s)` +
      `   ratio ${(apiRate / rawRate).toFixed(2)}   ${apiRate >= GOAL_RATE ? '✓' : '✗'} goal >= ${GOAL_RATE}/s`,
  );
  console.log(
    `same statement in-process ${(N / directSeconds).toFixed(0).padStart(8)} events/s   (${directSeconds.toFixed(1)} s)` +
      `   ratio ${(N / directSeconds / rawRate).toFixed(2)} (validation and the one statement, no HTTP)`,
  );
  console.log(
    `accepted ${accepted}/${N}; first batch re-sent: ${String(again.duplicates)} duplicates, ${String(again.accepted)} accepted`,
  );

  // Aggregation: one customer's 30-day period holding AGG_EVENTS events (noon to noon, so the first
  // and last days are partial), written by SQL with their rollup as ingestion keeps it.
  const customer = String((await api('POST', '/customers', { name: 'Heavy user' })).id);
  const periodStart = new Date(Math.floor(now / DAY) * DAY - 31 * DAY + DAY / 2);
  const period = { start: periodStart, end: new Date(periodStart.getTime() + 30 * DAY) };
  const seedStart = performance.now();
  await pool.query(
    `insert into meter_events (id, livemode, meter_id, event_name, identifier, customer_id, value, "timestamp")
     select 'agg_' || g, false, $1, 'bench.calls', 'agg-' || g, $2, 1 + g % 5,
       $3::timestamptz + (g::float8 / $4) * interval '30 days'
     from generate_series(0, $4 - 1) g`,
    [meter.id, customer, period.start.toISOString(), AGG_EVENTS],
  );
  await pool.query(
    `insert into meter_usage_daily (meter_id, customer_id, day, total, count)
     select meter_id, customer_id, ("timestamp" at time zone 'UTC')::date, sum(value), count(*)
     from meter_events where customer_id = $1 group by 1, 2, 3`,
    [customer],
  );
  await pool.query('vacuum analyze meter_events, meter_usage_daily');
  console.log(
    `seeded ${AGG_EVENTS} events of one customer in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const db = server.services.database.db;
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
  };
  const expected = await pool.query<{ total: string; n: string }>(
    `select sum(value)::text as total, count(*)::text as n from meter_events
     where meter_id = $1 and customer_id = $2 and "timestamp" >= $3 and "timestamp" < $4`,
    [meter.id, customer, period.start.toISOString(), period.end.toISOString()],
  );
  const sum = await meterUsage(db, String(meter.id), customer, 'sum', period);
  const count = await meterUsage(db, String(meter.id), customer, 'count', period);
  if (sum.toString() !== expected.rows[0]?.total || count.toString() !== expected.rows[0]?.n) {
    throw new Error(`aggregate mismatch: ${sum}/${count} vs ${JSON.stringify(expected.rows[0])}`);
  }
  const plainMs = await median(() =>
    pool.query(
      `select sum(value) from meter_events
       where meter_id = $1 and customer_id = $2 and "timestamp" >= $3 and "timestamp" < $4`,
      [meter.id, customer, period.start.toISOString(), period.end.toISOString()],
    ),
  );
  const results = {
    sum: await median(() => meterUsage(db, String(meter.id), customer, 'sum', period)),
    count: await median(() => meterUsage(db, String(meter.id), customer, 'count', period)),
    last: await median(() => meterUsage(db, String(meter.id), customer, 'last', period)),
  };
  console.log(`plain sum over the index (${expected.rows[0]?.n} rows)  ${plainMs.toFixed(1).padStart(7)} ms`);
  for (const [name, ms] of Object.entries(results)) {
    console.log(
      `aggregate ${name.padEnd(5)} (rollup + partial days)  ${ms.toFixed(1).padStart(7)} ms   ${ms < GOAL_AGG_MS ? '✓' : '✗'} goal < ${GOAL_AGG_MS} ms`,
    );
  }
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
