import type { RealtimeBus } from '../../core/realtime/bus.js';
import type { Db } from '../../db/database.js';
import type { DbLike } from '../shared/db.js';
import { RowCache } from '../shared/row-cache.js';
import type { SessionRow } from './session-row.js';

/** The bus topic the checkout_sessions triggers (migration 0034) announce changed session ids on. */
export const SESSIONS_TOPIC = 'internal:sessions';

const byRoot = new WeakMap<object, RowCache<SessionRow>>();
const live = new Set<WeakRef<RowCache<SessionRow>>>();

/** The session cache of a process's pool-backed database, wired to its bus. */
export function attachSessionCache(root: Db, bus: RealtimeBus): RowCache<SessionRow> {
  const cache = RowCache.attach<SessionRow>(bus, SESSIONS_TOPIC);
  byRoot.set(root, cache);
  live.add(new WeakRef(cache));
  return cache;
}

/** The cache for reads on `db` (the pool-backed database); transactions have none. */
export function sessionCacheOf(db: DbLike): RowCache<SessionRow> | undefined {
  return byRoot.get(db);
}

/**
 * A write to this session is under way in this process (maybe in a transaction not yet committed):
 * every session cache of the process reads it from PostgreSQL until the change is announced.
 */
export function sessionTouched(id: string): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.touched(id);
    else live.delete(ref);
  }
}
