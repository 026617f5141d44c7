// Store search over N generated applications (default 10,000) at 10 concurrent clients, as a visitor
// gets it: the public search API (`GET /api/blocklets.json?q=`) on a catalog of made-up words and
// Chinese terms drawn with a Zipf law (bench/support/store-corpus.ts).
// - "new queries": common words, prefixes as typed, Chinese terms, two words and typos, every query
//   distinct and asked once (bench/support/store-queries.ts): no cache can answer any of them. The
//   long tail (p95, p99) is over the whole mix, and per kind.
// - "repeated queries": 40 of them asked over and over (the list cache answers), separately.
// - references in the same run: the bare indexed PostgreSQL query (one ranked page of a word match
//   through a plain pg pool) and the detail by DID.
// The HTTP clients run in a child process; rounds alternate the runs; the load average is printed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { searchTerms } from '../apps/server/src/store/search/tokens.js';
import { postgresCpuMs, processCpuMs } from './support/cpu-time.js';
import { explainSearch } from './support/store-explain.js';
import { median, type LoadResult } from './support/load.js';
import { loadOnce, quantile } from './support/load-once.js';
import { loadUrls } from './support/load-urls.js';
import { generateCorpus } from './support/store-corpus.js';
import { generateQueries, QUERY_KINDS, type QueryKind } from './support/store-queries.js';
import { didOf, seedCatalog } from './support/store-seed.js';

const APPS = Number(process.env.BENCH_STORE_APPS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** New queries of each kind asked per round (each once). */
const PER_ROUND = Number(process.env.BENCH_NEW_PER_KIND ?? 60);
const CONCURRENCY = 10;
const PAGE_SIZE = 18;
/** The issue's goal: p95 of the search API at 10 concurrent clients, for queries no cache answers. */
const GOAL_P95_MS = 15;

/** The bare query: one page of the weighted tsvector match on its GIN index, ranked, through pg. */
const BARE_SQL = `SELECT * FROM store_blocklets
  WHERE current_version_id IS NOT NULL AND status = 'normal' AND permission = 'public'
    AND search @@ to_tsquery('simple', $1)
  ORDER BY ts_rank(search, to_tsquery('simple', $1)) DESC, downloads DESC, id
  LIMIT ${PAGE_SIZE}`;

async function bare(pool: pg.Pool, tsqueries: string[]): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await pool.query(BARE_SQL, [tsqueries[next++ % tsqueries.length]]);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const at = (q: number) => quantile(latencies, q);
  return { rps: latencies.length / SECONDS, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: 0 };
}

const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-store-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const server = await createServer(config, pino({ level: 'silent' }));
  const base = await server.start();
  const corpus = generateCorpus(APPS);
  await seedCatalog(server.services.database.db, corpus.apps);
  const direct = new pg.Pool({ connectionString: server.services.database.url, max: CONCURRENCY });

  const api = (q: string) => `${base}/api/blocklets.json?q=${encodeURIComponent(q)}&pageSize=${PAGE_SIZE}`;
  // One extra round's worth of each kind warms the server up (connections, JIT, plans) and is not timed.
  const queries = generateQueries(corpus, PER_ROUND * (ROUNDS + 1));
  const kindOf = new Map<string, QueryKind>();
  const slices: string[][] = Array.from({ length: ROUNDS + 1 }, () => []);
  for (const kind of QUERY_KINDS) {
    const list = queries.get(kind) ?? [];
    list.forEach((q, i) => {
      kindOf.set(q, kind);
      slices[Math.floor(i / PER_ROUND)]?.push(q);
    });
  }
  // Within a round the kinds are interleaved, as visitors' queries arrive.
  for (const slice of slices) slice.sort((a, b) => (hash(a) > hash(b) ? 1 : -1));
  const repeated = QUERY_KINDS.flatMap((k) => (queries.get(k) ?? []).slice(0, 8));
  const tsqueries = [...kindOf.keys()].map((q) => searchTerms(q).tsquery).filter((t): t is string => !!t);
  const detail = Array.from(
    { length: 500 },
    (_, i) => `${base}/api/blocklets/${didOf(1 + ((i * 7919) % APPS))}/blocklet.json`,
  );

  await explainSearch(server.services.database, queries, PAGE_SIZE);
  await bare(direct, tsqueries);
  await loadOnce((slices[ROUNDS] ?? []).map(api), CONCURRENCY);
  await loadUrls(detail, 1, CONCURRENCY);

  const loadBefore = os.loadavg();
  const runs = new Map<string, LoadResult[]>();
  const add = (name: string, r: LoadResult) => runs.set(name, [...(runs.get(name) ?? []), r]);
  const fresh = new Map<QueryKind, { latencies: number[]; totals: number[] }>(
    QUERY_KINDS.map((k) => [k, { latencies: [], totals: [] }]),
  );
  let freshErrors = 0;
  let freshSeconds = 0;
  const databaseDir = path.join(dataDir, 'postgres');
  const cpu = { server: 0, postgres: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    add('bare', await bare(direct, tsqueries));
    add('detail', await loadUrls(detail, SECONDS, CONCURRENCY));
    const slice = slices[round] ?? [];
    const [server0, postgres0] = [processCpuMs(), postgresCpuMs(databaseDir)];
    const once = await loadOnce(slice.map(api), CONCURRENCY);
    cpu.server += processCpuMs() - server0;
    cpu.postgres += postgresCpuMs(databaseDir) - postgres0;
    freshErrors += once.errors;
    freshSeconds += once.seconds;
    slice.forEach((q, i) => {
      const into = fresh.get(kindOf.get(q) ?? 'typo');
      into?.latencies.push(once.latencies[i] ?? 0);
      into?.totals.push(once.totals[i] ?? 0);
    });
    // Repeated queries: each answered once before the run, so the run measures the cache.
    for (const q of repeated) await (await fetch(api(q))).arrayBuffer();
    add('repeated', await loadUrls(repeated.map(api), SECONDS, CONCURRENCY));
  }
  const loadAfter = os.loadavg();

  const all = [...fresh.values()].flatMap((f) => f.latencies);
  const allP95 = quantile(all, 0.95);
  console.log(
    `store search (${APPS} apps, ${CONCURRENCY} concurrent clients, ${ROUNDS} rounds; ` +
      `load average ${loadBefore[0]?.toFixed(2)} → ${loadAfter[0]?.toFixed(2)} on ${os.cpus().length} cores; ${new Date().toISOString()})`,
  );
  console.log(
    `  new queries, each asked once (${all.length}, ${(all.length / freshSeconds).toFixed(0)} req/s${freshErrors ? `, ${freshErrors} non-200` : ''}):`,
  );
  for (const [kind, f] of fresh) {
    console.log(
      `    ${kind.padEnd(14)} p50 ${ms(quantile(f.latencies, 0.5))}  p95 ${ms(quantile(f.latencies, 0.95))}  ` +
        `p99 ${ms(quantile(f.latencies, 0.99))}   matches: median ${quantile(f.totals, 0.5)}, max ${Math.max(...f.totals)}`,
    );
  }
  console.log(
    `    ${'whole mix'.padEnd(14)} p50 ${ms(quantile(all, 0.5))}  p95 ${ms(allP95)}  p99 ${ms(quantile(all, 0.99))}` +
      `   ${allP95 < GOAL_P95_MS ? '✓' : '✗'} goal p95 < ${GOAL_P95_MS} ms`,
  );
  console.log(
    `    CPU per new query: server ${(cpu.server / all.length).toFixed(2)} ms + PostgreSQL ${(cpu.postgres / all.length).toFixed(2)} ms` +
      ` (at ${CONCURRENCY} clients on ${os.cpus().length} cores a closed loop waits about ${((CONCURRENCY * (cpu.server + cpu.postgres)) / all.length / os.cpus().length).toFixed(1)} ms on CPU alone)`,
  );
  const row = (label: string, name: string) => {
    const rs = runs.get(name) ?? [];
    const at = (q: 'p50' | 'p95' | 'p99') => median(rs.map((r) => r[q]));
    const errors = rs.reduce((n, r) => n + r.errors, 0);
    console.log(
      `  ${label.padEnd(38)}p50 ${ms(at('p50'))}  p95 ${ms(at('p95'))}  p99 ${ms(at('p99'))}  ` +
        `${median(rs.map((r) => r.rps)).toFixed(0)} req/s${errors ? `  (${errors} non-200)` : ''}`,
    );
  };
  row(`repeated queries (${repeated.length}, cached)`, 'repeated');
  row('reference: bare PostgreSQL word query', 'bare');
  row('reference: detail by DID', 'detail');

  await direct.end();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (allP95 >= GOAL_P95_MS && process.env.BENCH_STRICT === '1') process.exit(1);
}

/** A stable order that mixes the kinds. */
function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
