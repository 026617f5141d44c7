import type { RealtimeBus } from '../../core/realtime/bus.js';

/** What the cache needs of the realtime bus. */
export type CacheBus = Pick<RealtimeBus, 'subscribe' | 'onListening' | 'listening'>;

const MAX_ROWS = 10_000;
/** How long a row this process changed reads from PostgreSQL if no notification for it arrives. */
const DIRTY_MS = 30_000;

/**
 * In-memory copy of rows by id, for reads shown to clients (the checkout page's retrieve). Never for
 * anything that decides an amount: pricing, submitting and paying read the row under lock. Rules:
 * - nothing is cached while the bus listener is down (notifications could be missed); it starts empty
 *   again each time the listener is back;
 * - every committed change of a row, in any process, evicts that row: a trigger NOTIFYs the changed ids
 *   on the bus topic (a message without ids clears all);
 * - a row this process is changing (`touched`, called by the write itself, possibly inside a transaction
 *   not yet committed) is read from PostgreSQL until its notification arrives, or for DIRTY_MS when none
 *   comes (a rolled-back change sends none), so a caller reads its own change at once;
 * - a fill that raced an eviction is dropped (generation check), so a stale row never outlives a change.
 */
export class RowCache<R> {
  private generation = 0;
  private readonly rows = new Map<string, R>();
  private readonly dirty = new Map<string, number>();

  constructor(
    private readonly isListening: () => boolean,
    private readonly max = MAX_ROWS,
  ) {}

  /** A cache cleared by `topic`'s messages (`data.ids`: those rows; anything else: all) and on reconnect. */
  static attach<R>(bus: CacheBus, topic: string): RowCache<R> {
    const cache = new RowCache<R>(() => bus.listening);
    bus.subscribe(
      (message) => cache.evict(idsOf(message.data)),
      (t) => t === topic,
    );
    bus.onListening(() => cache.evict(null));
    return cache;
  }

  /** Drops these rows (null: all); a fill that started before this is not kept. */
  evict(ids: string[] | null): void {
    this.generation++;
    if (!ids) {
      this.rows.clear();
      this.dirty.clear();
      return;
    }
    for (const id of ids) {
      this.rows.delete(id);
      this.dirty.delete(id);
    }
  }

  /** This process is changing the row: it is read from PostgreSQL until its change is announced. */
  touched(id: string): void {
    this.generation++;
    this.rows.delete(id);
    this.dirty.set(id, Date.now() + DIRTY_MS);
  }

  /** The row from the cache, else `load`ed (and kept when nothing changed meanwhile). */
  async get(id: string, load: () => Promise<R | null>): Promise<R | null> {
    if (!this.isListening() || this.isDirty(id)) return load();
    const hit = this.rows.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const row = await load();
    if (row !== null && generation === this.generation && this.isListening()) {
      // Past the bound, the oldest entries go first (a Map keeps insertion order).
      if (this.rows.size >= this.max) {
        const oldest = this.rows.keys().next();
        if (!oldest.done) this.rows.delete(oldest.value);
      }
      this.rows.set(id, row);
    }
    return row;
  }

  get size(): number {
    return this.rows.size;
  }

  private isDirty(id: string): boolean {
    const until = this.dirty.get(id);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.dirty.delete(id);
    return false;
  }
}

function idsOf(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || !('ids' in data)) return null;
  const { ids } = data;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : null;
}
