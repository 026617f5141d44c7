import { ID_RANDOM_LENGTH } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from './ids.js';

describe('ids', () => {
  it('are the prefix and base62 text of the id length, each different (across many pool refills)', () => {
    const ids = Array.from({ length: 2000 }, () => newId('cs'));
    for (const id of ids) expect(id).toMatch(new RegExp(`^cs_[0-9A-Za-z]{${ID_RANDOM_LENGTH}}$`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every base62 character about equally', () => {
    const text = randomBase62(62_000);
    expect(text).toHaveLength(62_000);
    const counts = new Map<string, number>();
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1000 expected each; 6 standard deviations (about 190) either side.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });
});
