// The checkout read path under load, as ratios against a bare Fastify route serving the same JSON,
// measured in the same run: rounds alternate bare and each endpoint, and every ratio is the median of the
// per-round ratios (this machine is shared, so absolute req/s vary; the ratio is what to compare). Then the
// latency a buyer sees: retrieve's p50/p95/p99 at a few concurrent clients, next to bare Fastify's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { load, median, type LoadResult, type LoadTarget } from './support/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';

/** Goals: a fraction of bare Fastify's req/s; retrieve's p99 ceiling (ms) at LATENCY_CONNECTIONS clients. */
const RETRIEVE_P99_MS = 20;
const GOALS: Record<string, { ratio: number }> = {
  retrieve: { ratio: 0.6 },
  start: { ratio: 0.25 },
  'products (key)': { ratio: 0.4 },
};

async function json(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Retrieve's latency at a few clients (rounds alternate with bare Fastify); true when p99 meets the goal. */
async function latency(bareUrl: string, retrieveUrl: string): Promise<boolean> {
  const runs = { bare: [] as LoadResult[], retrieve: [] as LoadResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.bare.push(await load({ url: bareUrl }, SECONDS, LATENCY_CONNECTIONS));
    runs.retrieve.push(await load({ url: retrieveUrl }, SECONDS, LATENCY_CONNECTIONS));
  }
  const at = (rs: LoadResult[], q: 'p50' | 'p95' | 'p99') => median(rs.map((r) => r[q])).toFixed(1);
  const row = (rs: LoadResult[]) =>
    `p50 ${at(rs, 'p50').padStart(5)} ms   p95 ${at(rs, 'p95').padStart(5)} ms   p99 ${at(rs, 'p99').padStart(5)} ms`;
  const p99 = median(runs.retrieve.map((r) => r.p99));
  const ok = p99 < RETRIEVE_P99_MS;
  console.log(`retrieve latency (${LATENCY_CONNECTIONS} concurrent clients, median of ${ROUNDS} runs)`);
  console.log(`  bare Fastify          ${row(runs.bare)}`);
  console.log(
    `  retrieve              ${row(runs.retrieve)}   ${ok ? '✓' : '✗'} goal p99 < ${RETRIEVE_P99_MS} ms`,
  );
  return ok;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DEMO_DATA: 'true',
    DEMO_CHAIN: 'false',
    PAYMENT_TEST_SECRET_KEY: SECRET,
    // One client address starts every session here; the per-address limit would answer 429 instead.
    CHECKOUT_START_RATE_PER_MINUTE: '100000',
  });
  const server = await createServer(config, pino({ level: config.LOG_LEVEL }));
  const base = `${await server.start()}/payment/api`;

  // A demo link with an upsell: the checkout page's usual payload (prices, products, methods, link).
  const links = (await json(`${base}/payment-links?livemode=false&limit=20`, {
    headers: { authorization: `Bearer ${SECRET}` },
  })) as { data: Array<{ id: string; name: string | null }> };
  const link = links.data.find((l) => /upsell/i.test(l.name ?? '')) ?? links.data[0];
  if (!link) throw new Error('no demo payment link');
  const started = (await json(`${base}/checkout-sessions/start/${link.id}`, { method: 'POST' })) as {
    checkoutSession: { id: string };
  };
  const retrieveUrl = `${base}/checkout-sessions/retrieve/${started.checkoutSession.id}`;
  const payload = await (await fetch(retrieveUrl)).text();

  const bare = Fastify();
  bare.get('/', (_req, reply) => reply.type('application/json; charset=utf-8').send(payload));
  const bareUrl = await bare.listen({ port: await freePort(), host: '127.0.0.1' });

  const targets: Array<[string, LoadTarget]> = [
    ['retrieve', { url: retrieveUrl }],
    [
      'start',
      {
        url: `${base}/checkout-sessions/start/${link.id}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    ],
    ['products (key)', { url: `${base}/products`, headers: { authorization: `Bearer ${SECRET}` } }],
  ];
  const ratios = new Map<string, number[]>();
  const p99s = new Map<string, number[]>();
  const bareRps: number[] = [];
  const bareP99: number[] = [];
  const errors = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, target] of targets) {
      const b: LoadResult = await load({ url: bareUrl }, SECONDS, CONNECTIONS);
      const r: LoadResult = await load(target, SECONDS, CONNECTIONS);
      bareRps.push(b.rps);
      bareP99.push(b.p99);
      ratios.set(name, [...(ratios.get(name) ?? []), r.rps / b.rps]);
      p99s.set(name, [...(p99s.get(name) ?? []), r.p99]);
      errors.set(name, (errors.get(name) ?? 0) + r.errors);
    }
  }

  console.log(
    `checkout read path (${CONNECTIONS} connections, ${SECONDS}s per run, ${ROUNDS} rounds, ` +
      `payload ${(Buffer.byteLength(payload) / 1024).toFixed(1)} KB)`,
  );
  console.log(
    `  bare Fastify          ${median(bareRps).toFixed(0).padStart(7)} req/s   1.000` +
      `   p99 ${median(bareP99).toFixed(1).padStart(6)} ms`,
  );
  let failed = false;
  for (const [name] of targets) {
    const ratio = median(ratios.get(name) ?? []);
    const p99 = median(p99s.get(name) ?? []);
    const goal = GOALS[name];
    const ok = !goal || ratio >= goal.ratio;
    if (!ok) failed = true;
    const goalText = goal ? `goal >= ${goal.ratio}` : '';
    console.log(
      `  ${name.padEnd(20)}${(ratio * median(bareRps)).toFixed(0).padStart(8)} req/s   ${ratio.toFixed(3)}` +
        `   p99 ${p99.toFixed(1).padStart(6)} ms   ${ok ? '✓' : '✗'} ${goalText}` +
        (errors.get(name) ? `   (${errors.get(name)} non-200)` : ''),
    );
  }
  if (!(await latency(bareUrl, retrieveUrl))) failed = true;
  await bare.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (failed && process.env.BENCH_STRICT === '1') process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
