import { describe, expect, it } from 'vitest';
import type { RealtimeMessage, TopicFilter } from '../../core/realtime/bus.js';
import { RowCache, type CacheBus } from './row-cache.js';

interface Row {
  id: string;
  v: number;
}

/** A bus stand-in: `send` delivers a message, `reconnect` replays the listener coming back. */
function fakeBus() {
  const subscribers: Array<[(m: RealtimeMessage) => void, TopicFilter | null]> = [];
  const connected: Array<() => void> = [];
  const bus = {
    listening: true as boolean,
    subscribe(listener: (m: RealtimeMessage) => void, wants: TopicFilter | null = null) {
      subscribers.push([listener, wants]);
      return () => undefined;
    },
    onListening(listener: () => void) {
      connected.push(listener);
      return () => undefined;
    },
  } satisfies CacheBus;
  const send = (topic: string, data: unknown) => {
    for (const [s, wants] of subscribers) {
      if (!wants || wants(topic)) s({ id: 'm', topic, event: 'UPDATE', data, at: 0 });
    }
  };
  const reconnect = () => {
    for (const c of connected) c();
  };
  return { bus, send, reconnect };
}

/** The "database": a version per id, counting reads. */
function store() {
  const versions = new Map<string, number>([
    ['a', 1],
    ['b', 1],
  ]);
  let reads = 0;
  const load = (id: string) => async (): Promise<Row | null> => {
    reads++;
    const v = versions.get(id);
    return v === undefined ? null : { id, v };
  };
  return { versions, load, reads: () => reads };
}

describe('RowCache', () => {
  it('serves a row from memory until a notification names it; other rows stay', async () => {
    const { bus, send } = fakeBus();
    const cache = RowCache.attach<Row>(bus, 'internal:rows');
    const db = store();
    await cache.get('a', db.load('a'));
    await cache.get('b', db.load('b'));
    db.versions.set('a', 2);
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 1 });
    send('internal:other', { ids: ['a'] });
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 1 });
    send('internal:rows', { ids: ['a'] });
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 2 });
    const before = db.reads();
    await cache.get('b', db.load('b'));
    expect(db.reads()).toBe(before);
  });

  it('clears everything on a notification without ids and when the listener comes back', async () => {
    const { bus, send, reconnect } = fakeBus();
    const cache = RowCache.attach<Row>(bus, 'internal:rows');
    const db = store();
    await cache.get('a', db.load('a'));
    send('internal:rows', null);
    expect(cache.size).toBe(0);
    await cache.get('a', db.load('a'));
    reconnect();
    expect(cache.size).toBe(0);
  });

  it('reads the database while the listener is down, and does not remember missing rows', async () => {
    const { bus } = fakeBus();
    const cache = RowCache.attach<Row>(bus, 'internal:rows');
    const db = store();
    bus.listening = false;
    await cache.get('a', db.load('a'));
    await cache.get('a', db.load('a'));
    expect(db.reads()).toBe(2);
    expect(cache.size).toBe(0);
    bus.listening = true;
    expect(await cache.get('c', db.load('c'))).toBeNull();
    db.versions.set('c', 1);
    expect(await cache.get('c', db.load('c'))).toEqual({ id: 'c', v: 1 });
  });

  it('reads a row this process is changing from the database until its change is announced', async () => {
    const { bus, send } = fakeBus();
    const cache = RowCache.attach<Row>(bus, 'internal:rows');
    const db = store();
    await cache.get('a', db.load('a'));
    cache.touched('a');
    db.versions.set('a', 2);
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 2 });
    expect(cache.size).toBe(0);
    send('internal:rows', { ids: ['a'] });
    await cache.get('a', db.load('a'));
    const before = db.reads();
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 2 });
    expect(db.reads()).toBe(before);
  });

  it('drops a fill that raced a change, so the old row is not kept', async () => {
    const { bus, send } = fakeBus();
    const cache = RowCache.attach<Row>(bus, 'internal:rows');
    const db = store();
    let release: () => void = () => undefined;
    const slow = async (): Promise<Row | null> => {
      const row = await db.load('a')();
      await new Promise<void>((r) => (release = r));
      return row;
    };
    const pending = cache.get('a', slow);
    await new Promise((r) => setTimeout(r, 0));
    db.versions.set('a', 2);
    send('internal:rows', { ids: ['a'] });
    release();
    expect(await pending).toEqual({ id: 'a', v: 1 });
    expect(await cache.get('a', db.load('a'))).toEqual({ id: 'a', v: 2 });
  });

  it('keeps at most its bound, dropping the oldest first', async () => {
    const cache = new RowCache<Row>(() => true, 2);
    const db = store();
    db.versions.set('c', 1);
    for (const id of ['a', 'b', 'c']) await cache.get(id, db.load(id));
    expect(cache.size).toBe(2);
    const before = db.reads();
    await cache.get('c', db.load('c'));
    expect(db.reads()).toBe(before);
    await cache.get('a', db.load('a'));
    expect(db.reads()).toBe(before + 1);
  });
});
