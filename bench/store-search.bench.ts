// Store search over N generated applications: the public search API (`GET /api/blocklets.json?q=`) as a
// ratio against a trivial indexed lookup by DID (`GET /api/blocklets/{did}/blocklet.json`) measured in
// the same run, both at the same concurrency.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { sql } from 'drizzle-orm';
import { pageQuery, type ListMode } from '../apps/server/src/store/search/list.js';

const APPS = Number(process.env.BENCH_STORE_APPS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = 10;

async function timed(urls: string[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const url = urls[next++] ?? '';
        const t0 = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

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
  const pool = server.services.database.pool;
  await pool.query(
    `INSERT INTO users (did, pk, full_name) VALUES ('zBenchOwnerBenchOwner111111', '', 'Bench') ON CONFLICT DO NOTHING`,
  );
  // Listed apps straight in SQL: a version row each, the weighted search document and trigram text.
  await pool.query(
    `WITH g AS (SELECT i, 'app' || i AS name, 'Bench app ' || i || ' ' || (ARRAY['notes','invoice','image','webhook','chart'])[1 + i % 5] AS title FROM generate_series(1, $1::int) i)
     INSERT INTO store_blocklets (id, did, owner_did, name, title, description, search, search_text, downloads, published_at)
     SELECT 'blb' || i, 'zBench' || translate(lpad(i::text, 22, 'A'), '0', 'X'), 'zBenchOwnerBenchOwner111111', name, title, 'Generated application number ' || i,
       setweight(to_tsvector('simple', lower(title)), 'A') || setweight(to_tsvector('simple', name), 'B'),
       lower(title || ' ' || name), i % 500, now() FROM g`,
    [APPS],
  );
  await pool.query(
    `INSERT INTO store_versions (id, blocklet_id, version, status, manifest, size, sha512, storage_path, uploaded_by)
     SELECT 'blvb' || i, 'blb' || i, '1.0.0', 'published', '{}'::jsonb, 1, '', 'x/1.0.0.tgz', 'zBenchOwnerBenchOwner111111' FROM generate_series(1, $1::int) i`,
    [APPS],
  );
  await pool.query(
    `UPDATE store_blocklets SET current_version_id = 'blv' || 'b' || substr(id, 4) WHERE id LIKE 'blb%'`,
  );
  await pool.query('VACUUM ANALYZE store_blocklets');

  // The plan of each search's page query: the indexes it reads (GIN tsvector, GIN trigram) and its time.
  const modes: Array<[string, ListMode]> = [
    // A word 2,000 of the 10,000 share (the planner may prefer reading the table) and a selective one.
    ['notes', { kind: 'words', tsq: sql`to_tsquery('simple', 'notes:*')` }],
    ['app1234', { kind: 'words', tsq: sql`to_tsquery('simple', 'app1234:*')` }],
    ['invoi', { kind: 'words', tsq: sql`to_tsquery('simple', 'invoi:*')` }],
    // A typo of a word 2,000 applications share: the planner walks the listed index until it has
    // the candidates; a rare typo (the usual case) reads the GIN trigram index.
    ['webhok (common typo)', { kind: 'typo', fuzzy: 'webhok' }],
    ['zebhoq (rare typo)', { kind: 'typo', fuzzy: 'zebhoq' }],
  ];
  for (const [q, mode] of modes) {
    const db = server.services.database.db;
    const { sql: text, params } = pageQuery(db, { q, page: 1, pageSize: 10 }, mode).toSQL();
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${text}`, params);
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const indexes = [...new Set(lines.flatMap((l) => l.match(/(?:on|using) store_blocklets\w+/g) ?? []))];
    const seq = lines.some((l) => l.includes('Seq Scan on store_blocklets'));
    const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
    console.log(`  EXPLAIN q=${q}: ${indexes.join(', ') || 'no index'}${seq ? ', Seq Scan' : ''}; ${time}`);
  }

  const words = ['notes', 'invoi', 'image', 'webhok', 'chart'];
  const search = Array.from(
    { length: REQUESTS },
    (_, i) => `${base}/api/blocklets.json?q=${words[i % words.length]}&pageSize=10`,
  );
  const lookup = Array.from(
    { length: REQUESTS },
    (_, i) =>
      `${base}/api/blocklets/zBench${String(1 + (i % APPS))
        .padStart(22, 'A')
        .replaceAll('0', 'X')}/blocklet.json`,
  );
  await timed(search.slice(0, 50));
  await timed(lookup.slice(0, 50));
  const baseline = await timed(lookup);
  const searched = await timed(search);
  console.log(`store search (${APPS} apps, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests each)`);
  console.log(
    `  baseline: detail by DID    p50 ${p(baseline, 0.5).toFixed(1)} ms   p95 ${p(baseline, 0.95).toFixed(1)} ms   1.00`,
  );
  console.log(
    `  search q= (prefix, typo)   p50 ${p(searched, 0.5).toFixed(1)} ms   p95 ${p(searched, 0.95).toFixed(1)} ms   ${(p(searched, 0.95) / p(baseline, 0.95)).toFixed(2)}`,
  );
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
