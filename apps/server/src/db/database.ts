import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  /** True when the database answers and every committed migration is applied. */
  ready(): Promise<{ ok: boolean; reason?: string }>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant works; it only has to be the same in every process of this application. */
const MIGRATION_LOCK = 7_261_914_003;

// numeric(78,0) arrives as text; bigint columns (int8, oid 20) are parsed to bigint by drizzle where declared.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Applies committed migrations under a PostgreSQL advisory lock, so processes starting together take turns. */
export async function applyMigrations(url: string, log: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const started = Date.now();
    await migrate(drizzle(client), { migrationsFolder });
    log.info({ ms: Date.now() - started }, 'database migrations applied');
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

export function openDatabase(url: string, log: Logger, maxConnections = 20): Database {
  // A request waits at most 10 s for a free connection; then it answers 503 with Retry-After (errors.ts)
  // rather than queueing without end under overload.
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => log.error({ err }, 'idle database connection failed'));
  // A connection that drops while checked out must not crash the process; the query using it fails instead.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    client.on('error', (err) => log.warn({ err }, 'database connection error'));
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const expected = committedMigrationCount();
  return {
    pool,
    db,
    url,
    async ready() {
      try {
        const r = await pool.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations',
        );
        const applied = Number(r.rows[0]?.n ?? 0);
        if (applied < expected) return { ok: false, reason: `migrations pending (${applied}/${expected})` };
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: err instanceof Error ? err.message : 'database unreachable' };
      }
    },
    async close() {
      // pool.end() resolves once its clients are told to end, before their sockets close: wait for
      // them (briefly), so stopping an embedded PostgreSQL next does not kill live backends.
      const ending = [...open].map((c) => new Promise<void>((resolve) => c.once('end', resolve)));
      await pool.end();
      await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
