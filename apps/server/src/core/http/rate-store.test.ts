import { describe, expect, it } from 'vitest';
import { postgresRateStore } from './rate-store.js';

/** A pool keeping one counter per key; each query answers after the test lets it. */
function fakePool() {
  const hits = new Map<string, number>();
  const calls: number[] = [];
  const pending: Array<() => void> = [];
  return {
    calls,
    release: () => pending.splice(0).forEach((go) => go()),
    query<R extends object>(_sql: string, values: unknown[]): Promise<{ rows: R[] }> {
      const [key, , , n] = values as [string, number, number, number];
      calls.push(n);
      return new Promise((resolve) =>
        pending.push(() => {
          hits.set(key, (hits.get(key) ?? 0) + n);
          resolve({ rows: [{ hits: hits.get(key) } as unknown as R] });
        }),
      );
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('postgresRateStore', () => {
  it('counts hits arriving during an upsert in one next upsert, each caller at its own place', async () => {
    const pool = fakePool();
    const Store = postgresRateStore(pool);
    const store = new Store({});
    const seen: number[] = [];
    const hit = () => store.incr('1.2.3.4', (_e, r) => seen.push(r?.current ?? -1), 60_000, 10);
    hit();
    hit();
    hit();
    hit();
    expect(pool.calls).toEqual([1]);
    pool.release();
    await tick();
    // The three that waited go together.
    expect(pool.calls).toEqual([1, 3]);
    hit();
    pool.release();
    await tick();
    expect(pool.calls).toEqual([1, 3, 1]);
    pool.release();
    await tick();
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    // Another address has its own counter and is never held behind this one.
    store.incr('5.6.7.8', (_e, r) => seen.push(r?.current ?? -1), 60_000, 10);
    expect(pool.calls).toEqual([1, 3, 1, 1]);
  });
});
