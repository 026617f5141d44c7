import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

interface Queryable {
  query<R extends object>(sql: string, values: unknown[]): Promise<{ rows: R[] }>;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The part of a route's options a child store is named after (a route with its own limit). */
interface RouteScope {
  [option: string]: unknown;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Rate-limit counters kept in PostgreSQL, so a limit holds for the whole installation rather than per
 * server process: N processes behind one address would otherwise allow N times the limit. Fixed windows
 * of `timeWindow` ms: one row per (key, window), counted with a single upsert (one round trip per
 * limited request). Old windows are pruned by the maintenance job.
 */
export function postgresRateStore(pool: Queryable): FastifyRateLimitStoreCtor {
  class PostgresRateStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: { nameSpace?: string } = {}) {
      this.scope = options.nameSpace ?? '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const window = Math.floor(now / timeWindow);
      pool
        .query<{ hits: number }>(
          // Counters are advisory: the upsert commits without waiting for the WAL flush (its own
          // transaction only), so requests counted on one hot row (one busy address) do not queue
          // behind each other's disk writes. A PostgreSQL crash can lose the last moment's counts.
          `INSERT INTO rate_limit_hits (key, window_index, window_ms, hits)
           SELECT $1::text, $2::bigint, $3::integer, 1
             FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
           ON CONFLICT (key, window_ms, window_index) DO UPDATE SET hits = rate_limit_hits.hits + 1
           RETURNING hits`,
          [this.scope + key, window, timeWindow],
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]?.hits ?? 1, ttl: (window + 1) * timeWindow - now }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** The current count without counting this call (a peek before deciding). */
    read(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const window = Math.floor(now / timeWindow);
      pool
        .query<{ hits: number }>(
          'SELECT hits FROM rate_limit_hits WHERE key = $1 AND window_ms = $2 AND window_index = $3',
          [this.scope + key, timeWindow, window],
        )
        .then(
          ({ rows }) => {
            const current = rows[0]?.hits ?? 0;
            callback(null, { current, ttl: current === 0 ? 0 : (window + 1) * timeWindow - now });
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the merged limit options: a route's own (routeInfo) or a named limiter's groupId.
      const routeOptions: RouteScope = { ...options };
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      const route = routeOptions.routeInfo?.url ? `${method} ${routeOptions.routeInfo.url}|` : '';
      return new PostgresRateStore({ nameSpace: this.scope + (routeOptions.groupId ?? route) });
    }
  }
  return PostgresRateStore;
}
