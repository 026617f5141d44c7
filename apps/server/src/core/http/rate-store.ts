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
 * limited request, or per burst: hits arriving while the counter's upsert is in flight share the next). Old windows are pruned by the maintenance job.
 */
export function postgresRateStore(pool: Queryable): FastifyRateLimitStoreCtor {
  // Hits of one counter that arrive while its upsert is in flight, counted together by the next upsert
  // (one round trip and one row lock for a burst from one address instead of one per request). The map
  // holds a counter while an upsert of it is in flight; its list, the callers waiting for the next one.
  const waiting = new Map<string, Callback[]>();

  /** Counts `callbacks.length` hits in one upsert; each caller gets its own place in the count. */
  const count = (key: string, timeWindow: number, callbacks: Callback[], counter: string): void => {
    const now = Date.now();
    const window = Math.floor(now / timeWindow);
    const n = callbacks.length;
    pool
      .query<{ hits: number }>(
        // Counters are advisory: the upsert commits without waiting for the WAL flush (its own
        // transaction only), so requests counted on one hot row (one busy address) do not queue
        // behind each other's disk writes. A PostgreSQL crash can lose the last moment's counts.
        `INSERT INTO rate_limit_hits (key, window_index, window_ms, hits)
         SELECT $1::text, $2::bigint, $3::integer, $4::integer
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
         ON CONFLICT (key, window_ms, window_index) DO UPDATE SET hits = rate_limit_hits.hits + $4::integer
         RETURNING hits`,
        [key, window, timeWindow, n],
      )
      .then(
        ({ rows }) => {
          const total = rows[0]?.hits ?? n;
          const ttl = (window + 1) * timeWindow - now;
          callbacks.forEach((cb, i) => cb(null, { current: total - n + 1 + i, ttl }));
        },
        (err: unknown) => {
          const error = err instanceof Error ? err : new Error(String(err));
          for (const cb of callbacks) cb(error);
        },
      )
      .finally(() => {
        const next = waiting.get(counter) ?? [];
        if (next.length === 0) waiting.delete(counter);
        else {
          waiting.set(counter, []);
          count(key, timeWindow, next, counter);
        }
      });
  };

  class PostgresRateStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: { nameSpace?: string } = {}) {
      this.scope = options.nameSpace ?? '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const counter = `${this.scope}${key}|${timeWindow}`;
      const queue = waiting.get(counter);
      if (queue) {
        queue.push(callback);
        return;
      }
      waiting.set(counter, []);
      count(this.scope + key, timeWindow, [callback], counter);
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
