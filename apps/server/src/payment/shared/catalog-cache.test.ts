import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { CatalogCache } from './catalog-cache.js';

// The cache only compares database handles by identity; plain objects stand in for them.
const root = {} as Db;
const tx = {} as Db;

function counter() {
  const calls: string[][] = [];
  const load = async (keys: string[]) => {
    calls.push(keys);
    return keys.map((id) => ({ id, v: calls.length }));
  };
  return { calls, load };
}

describe('CatalogCache', () => {
  it('loads each missing key once and serves it from memory afterwards', async () => {
    const cache = new CatalogCache(root, () => true);
    const { calls, load } = counter();
    await cache.many(root, 'prices', ['a', 'b'], (r) => r.id, load);
    const again = await cache.many(root, 'prices', ['b', 'a', 'c'], (r) => r.id, load);
    expect(calls).toEqual([['a', 'b'], ['c']]);
    expect(again.map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it('reads the database for transactions, while the listener is down and during a write', async () => {
    let listening = false;
    const cache = new CatalogCache(root, () => listening);
    const { calls, load } = counter();
    await cache.many(root, 'prices', ['a'], (r) => r.id, load);
    listening = true;
    await cache.many(tx, 'prices', ['a'], (r) => r.id, load);
    await cache.writing(() => cache.many(root, 'prices', ['a'], (r) => r.id, load));
    expect(calls).toHaveLength(3);
    await cache.many(root, 'prices', ['a'], (r) => r.id, load);
    await cache.many(root, 'prices', ['a'], (r) => r.id, load);
    expect(calls).toHaveLength(4);
  });

  it('drops a fill that raced a change, so the stale row is not kept', async () => {
    const cache = new CatalogCache(root, () => true);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.one(root, 'methods', 'test', async () => {
      await gate;
      return 'before the change';
    });
    cache.clear();
    release();
    expect(await slow).toBe('before the change');
    expect(await cache.one(root, 'methods', 'test', async () => 'after')).toBe('after');
  });

  it('forgets everything on clear', async () => {
    const cache = new CatalogCache(root, () => true);
    await cache.one(root, 'methods', 'test', async () => 1);
    cache.clear();
    expect(await cache.one(root, 'methods', 'test', async () => 2)).toBe(2);
  });
});
