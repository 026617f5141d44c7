import type { RealtimeBus } from '../../core/realtime/bus.js';
import type { Db } from '../../db/database.js';
import type { DbLike } from './db.js';

/** The bus topic the catalog triggers (migration 0011) announce every committed change on. */
export const CATALOG_TOPIC = 'internal:catalog';
const MAX_PER_KIND = 1000;

/**
 * In-memory copy of what rarely changes and every checkout reads: products, prices, links, active
 * methods with currencies, and API keys by secret hash. Rules:
 * - only reads on the pool-backed database are served or filled; a transaction always reads PostgreSQL;
 * - every committed change to those tables, from any process, clears it (PostgreSQL triggers NOTIFY on
 *   the realtime bus channel; each process's listener receives it);
 * - while the listener is down (notifications could be missed) nothing is cached, and it starts empty
 *   again once the listener is back;
 * - while this process runs a merchant or admin write, reads bypass it, and it is cleared when the write
 *   answers, so a caller reads its own change at once even before the notification arrives;
 * - a fill that raced a clear is dropped (generation check), so a stale row never outlives a change.
 */
export class CatalogCache {
  private generation = 0;
  private writes = 0;
  private readonly maps = new Map<string, Map<string, unknown>>();

  constructor(
    private readonly root: Db,
    private readonly isListening: () => boolean,
  ) {}

  /** Wires the cache to the bus and makes it the one `catalogCacheOf(db)` returns. */
  static attach(root: Db, bus: RealtimeBus): CatalogCache {
    const cache = new CatalogCache(root, () => bus.listening);
    bus.subscribe(
      () => cache.clear(),
      (topic) => topic === CATALOG_TOPIC,
    );
    bus.onListening(() => cache.clear());
    caches.set(root, cache);
    return cache;
  }

  clear(): void {
    this.generation++;
    this.maps.clear();
  }

  /** Runs a write; reads bypass the cache meanwhile and it is cleared when the write settles. */
  async writing<T>(run: () => Promise<T>): Promise<T> {
    this.writes++;
    this.clear();
    try {
      return await run();
    } finally {
      this.writes--;
      this.clear();
    }
  }

  private usable(db: DbLike): boolean {
    return db === this.root && this.writes === 0 && this.isListening();
  }

  /**
   * Rows by key from the cache, loading the missing ones with `load` (which returns the rows it found;
   * `keyOf` names each). Keys not found are not remembered, so a new row is seen at once.
   */
  async many<R>(
    db: DbLike,
    kind: string,
    keys: string[],
    keyOf: (row: R) => string,
    load: (missing: string[]) => Promise<R[]>,
  ): Promise<R[]> {
    if (!this.usable(db)) return load(keys);
    const map = this.map(kind) as Map<string, R>;
    const unique = [...new Set(keys)];
    const hits = unique.flatMap((k) => (map.has(k) ? [map.get(k) as R] : []));
    const missing = unique.filter((k) => !map.has(k));
    if (missing.length === 0) return hits;
    const generation = this.generation;
    const rows = await load(missing);
    if (generation === this.generation) for (const row of rows) map.set(keyOf(row), row);
    return [...hits, ...rows];
  }

  /** One value (which may be a list) under a key, loaded once per generation. */
  async one<R>(db: DbLike, kind: string, key: string, load: () => Promise<R>): Promise<R> {
    if (!this.usable(db)) return load();
    const map = this.map(kind) as Map<string, R>;
    if (map.has(key)) return map.get(key) as R;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      // Keys of one kind are bounded (list queries vary by a few parameters); past that, start over.
      if (map.size >= MAX_PER_KIND) map.clear();
      map.set(key, value);
    }
    return value;
  }

  private map(kind: string): Map<string, unknown> {
    let map = this.maps.get(kind);
    if (!map) {
      map = new Map();
      this.maps.set(kind, map);
    }
    return map;
  }
}

const caches = new WeakMap<object, CatalogCache>();

/** The cache of the process's pool-backed database; transactions (and unattached databases) have none. */
export function catalogCacheOf(db: DbLike): CatalogCache | undefined {
  return caches.get(db);
}
