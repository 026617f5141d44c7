import { describe, expect, it } from 'vitest';
import { Batcher } from './batch.js';

describe('Batcher', () => {
  it('sends reads of one tick as one load and answers each key', async () => {
    const loads: string[][] = [];
    const batcher = new Batcher(async (keys) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'missing'].map((k) => batcher.get(k)));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(loads).toEqual([['a', 'b', 'missing']]);
  });

  it('collects reads while every slot is busy and sends them together when one frees', async () => {
    const loads: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new Batcher(async (keys) => {
      loads.push(keys);
      if (loads.length === 1) await gate;
      return new Map(keys.map((k) => [k, k]));
    }, 1);
    const first = batcher.get('a');
    await Promise.resolve();
    const later = [batcher.get('b'), batcher.get('c')];
    await new Promise((r) => setTimeout(r, 5));
    expect(loads).toEqual([['a']]);
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c']);
    expect(loads).toEqual([['a'], ['b', 'c']]);
  });

  it('fails every read of a batch whose load fails, and keeps serving afterwards', async () => {
    let fail = true;
    const batcher = new Batcher(async (keys) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((k) => [k, 1]));
    });
    await expect(Promise.all([batcher.get('a'), batcher.get('b')])).rejects.toThrow('down');
    fail = false;
    expect(await batcher.get('a')).toBe(1);
  });
});
