// The plans of the statements one search runs, as the server runs them (listPublic on one connection
// with auto_explain reporting each statement's analyzed plan back as a notice): one sample query of
// each kind, its statements' durations and the indexes they read. BENCH_EXPLAIN=full prints the plans.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { listPublic } from '../../apps/server/src/store/search/list.js';
import type { QueryKind } from './store-queries.js';

export async function explainSearch(
  database: { pool: pg.Pool },
  queries: Map<QueryKind, string[]>,
  pageSize: number,
): Promise<void> {
  const client = await database.pool.connect();
  const notices: string[] = [];
  const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 0`);
    await client.query(`SET auto_explain.log_analyze = on`);
    await client.query(`SET auto_explain.log_level = notice`);
    const db = drizzle(client, { schema });
    for (const [kind, list] of queries) {
      for (const q of list.slice(-2)) {
        notices.length = 0;
        const started = performance.now();
        const page = await listPublic(db, { q, page: 1, pageSize });
        const took = performance.now() - started;
        const plans = notices.map((n) => {
          const duration = /duration: ([\d.]+) ms/.exec(n)?.[1] ?? '?';
          const indexes = [...new Set(n.match(/(?:on|using) store_\w+/g) ?? [])].join(', ');
          return `${duration} ms [${indexes || 'no index'}]`;
        });
        console.log(
          `  EXPLAIN ${kind} "${q}": ${page.total}${page.totalExact ? '' : '+'} matches, ${took.toFixed(1)} ms: ${plans.join('; ')}`,
        );
        if (process.env.BENCH_EXPLAIN === 'full') for (const n of notices) console.log(n);
      }
    }
  } finally {
    client.off('notice', onNotice);
    await client.query(`RESET ALL`);
    client.release();
  }
}
