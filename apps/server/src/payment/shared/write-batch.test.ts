import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batch.js';

describe('WriteBatcher', () => {
  it('sends the writes of one tick as one run and answers each its own result', async () => {
    const runs: number[][] = [];
    const batcher = new WriteBatcher<number, string>(async (items) => {
      runs.push(items);
      return items.map((n) => `row ${n}`);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.add(n)));
    expect(answers).toEqual(['row 1', 'row 2', 'row 3']);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('gathers writes while every slot is busy and sends them together, at most maxBatch a run', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new WriteBatcher<number, number>(
      async (items) => {
        runs.push(items);
        if (runs.length === 1) await gate;
        return items.map((n) => n * 10);
      },
      2,
      1,
    );
    const first = batcher.add(1);
    await Promise.resolve();
    const later = [2, 3, 4].map((n) => batcher.add(n));
    await new Promise((r) => setTimeout(r, 5));
    expect(runs).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3], [4]]);
  });

  it('fails only the write that fails by itself when a batch fails', async () => {
    const runs: number[][] = [];
    const batcher = new WriteBatcher<number, number>(async (items) => {
      runs.push(items);
      if (items.includes(2)) throw new Error(`duplicate ${items.join(',')}`);
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: new Error('duplicate 2') });
    expect(runs).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('rejects every caller of a batch whose run answers the wrong number of rows', async () => {
    const batcher = new WriteBatcher<number, number>(async () => []);
    await expect(batcher.add(1)).rejects.toThrow('different count');
  });
});
