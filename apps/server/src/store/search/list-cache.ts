import type { RealtimeBus } from '../../core/realtime/bus.js';

/** The bus topic the store catalog triggers (migration 0036) announce every committed change on. */
export const STORE_CATALOG_TOPIC = 'internal:store-catalog';
const MAX_ENTRIES = 2000;
/** Download counts change without a notification: an answer is kept at most this long. */
const TTL_MS = 30_000;

/** What the cache needs of the realtime bus. */
export type ListCacheBus = Pick<RealtimeBus, 'subscribe' | 'onListening' | 'listening'>;

/**
 * In-memory copy of the public list and search answers (the JSON text, by the normalised query). Rules:
 * - every committed change to what the list shows (applications other than their download count,
 *   versions, categories, owners' names), from any process, clears it: PostgreSQL triggers NOTIFY on
 *   the realtime bus channel and each process's listener receives it;
 * - a write answered by this process clears it before the answer is sent, so the writer's next read
 *   sees its change even before the notification arrives;
 * - download counts are not announced: an answer lives at most TTL_MS;
 * - while the listener is down (notifications could be missed) nothing is cached, and it starts empty
 *   again once the listener is back;
 * - a fill that raced a clear is dropped (generation check), so a stale answer never outlives a change.
 */
export class StoreListCache {
  private generation = 0;
  private readonly entries = new Map<string, { text: string; until: number }>();

  constructor(private readonly isListening: () => boolean) {}

  static attach(bus: ListCacheBus): StoreListCache {
    const cache = new StoreListCache(() => bus.listening);
    bus.subscribe(
      () => cache.clear(),
      (topic) => topic === STORE_CATALOG_TOPIC,
    );
    bus.onListening(() => cache.clear());
    return cache;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The answer under `key`, else `load`ed (and kept when nothing changed meanwhile). */
  async get(key: string, load: () => Promise<string>): Promise<string> {
    if (!this.isListening()) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.text;
    const generation = this.generation;
    const text = await load();
    if (generation === this.generation && this.isListening()) {
      // Past the bound, the oldest entries go first (a Map keeps insertion order).
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.delete(key);
      this.entries.set(key, { text, until: now + TTL_MS });
    }
    return text;
  }
}
