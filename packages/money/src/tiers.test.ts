import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { PriceTiersError } from './errors.js';
import type { PriceTier } from './price.js';
import { sortTiers, tieredAmount } from './tiers.js';

function tier(up_to: bigint | null, unit_amount: bigint, flat_amount = 0n): PriceTier {
  return { up_to, unit_amount, flat_amount };
}

// 1-5 at 100, 6-10 at 80, 11+ at 50.
const TIERS = [tier(5n, 100n), tier(10n, 80n), tier(null, 50n)];

describe('tieredAmount graduated', () => {
  it.each([
    [1, 100n],
    [3, 300n],
    [5, 500n],
    [6, 580n],
    [10, 900n],
    [12, 1000n],
  ])('quantity %i costs %s', (quantity, expected) => {
    expect(tieredAmount(TIERS, 'graduated', quantity)).toBe(expected);
  });

  it('adds each reached tier flat amount once', () => {
    const tiers = [tier(1n, 0n, 1000n), tier(null, 100n, 500n)];
    expect(tieredAmount(tiers, 'graduated', 1)).toBe(1000n);
    expect(tieredAmount(tiers, 'graduated', 2)).toBe(1600n);
    expect(tieredAmount(tiers, 'graduated', 4)).toBe(1800n);
  });
});

describe('tieredAmount volume', () => {
  it.each([
    [1, 100n],
    [5, 500n],
    [6, 480n],
    [10, 800n],
    [12, 600n],
  ])('quantity %i costs %s', (quantity, expected) => {
    expect(tieredAmount(TIERS, 'volume', quantity)).toBe(expected);
  });

  it('adds the flat amount of the tier the quantity falls in', () => {
    const tiers = [tier(10n, 5n, 100n), tier(null, 4n, 200n)];
    expect(tieredAmount(tiers, 'volume', 10)).toBe(150n);
    expect(tieredAmount(tiers, 'volume', 11)).toBe(244n);
  });
});

describe('tieredAmount edge cases', () => {
  it('charges nothing for quantity 0 in both modes', () => {
    const tiers = [tier(null, 100n, 999n)];
    expect(tieredAmount(tiers, 'graduated', 0)).toBe(0n);
    expect(tieredAmount(tiers, 'volume', 0)).toBe(0n);
  });

  it('accepts unsorted tiers without changing them', () => {
    const shuffled = [TIERS[2], TIERS[0], TIERS[1]].filter((t): t is PriceTier => t !== undefined);
    const copy = [...shuffled];
    expect(tieredAmount(shuffled, 'graduated', 12)).toBe(1000n);
    expect(tieredAmount(shuffled, 'volume', 6)).toBe(480n);
    expect(shuffled).toEqual(copy);
  });

  it('allows a bounded last tier up to its bound only', () => {
    const tiers = [tier(5n, 10n), tier(10n, 8n)];
    expect(tieredAmount(tiers, 'graduated', 10)).toBe(90n);
    expect(tieredAmount(tiers, 'volume', 10)).toBe(80n);
    expect(() => tieredAmount(tiers, 'graduated', 11)).toThrow(PriceTiersError);
    expect(() => tieredAmount(tiers, 'volume', 11)).toThrow('Invalid price tiers');
  });

  it('keeps 18-decimal amounts exact', () => {
    const e18 = 10n ** 18n;
    const tiers = [tier(2n, e18 + 1n), tier(null, e18 / 3n, 7n)];
    expect(tieredAmount(tiers, 'graduated', 5)).toBe(2n * (e18 + 1n) + 3n * (e18 / 3n) + 7n);
  });

  it.each<[string, PriceTier[]]>([
    ['no tiers', []],
    ['repeated bounds', [tier(5n, 1n), tier(5n, 1n), tier(null, 1n)]],
    ['two open-ended tiers', [tier(null, 1n), tier(null, 2n)]],
    ['a zero bound', [tier(0n, 1n), tier(null, 1n)]],
    ['a negative unit amount', [tier(null, -1n)]],
    ['a negative flat amount', [tier(null, 1n, -1n)]],
  ])('rejects %s', (_name, tiers) => {
    expect(() => sortTiers(tiers)).toThrow(PriceTiersError);
    expect(() => tieredAmount(tiers, 'volume', 1)).toThrow(PriceTiersError);
  });

  it.each([-1, 1.5, Number.NaN, Infinity])('rejects quantity %s', (quantity) => {
    expect(() => tieredAmount(TIERS, 'graduated', quantity)).toThrow(RangeError);
  });
});

const tierSet = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 4 })
  .chain((bounds) =>
    fc
      .array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 1000n })), {
        minLength: bounds.length + 1,
        maxLength: bounds.length + 1,
      })
      .map((amounts) => {
        const sorted = [...bounds].sort((a, b) => a - b);
        return amounts.map(([unit, flat], index) =>
          tier(index < sorted.length ? BigInt(sorted[index] ?? 0) : null, unit, flat),
        );
      }),
  );

describe('tiers properties', () => {
  it('graduated equals a unit-by-unit walk through the tiers', () => {
    fc.assert(
      fc.property(tierSet, fc.integer({ min: 0, max: 80 }), (tiers, quantity) => {
        let expected = 0n;
        const reached = new Set<PriceTier>();
        for (let unit = 1n; unit <= BigInt(quantity); unit += 1n) {
          const current = tiers.find((t) => t.up_to === null || unit <= t.up_to);
          if (!current) throw new Error('open-ended tier missing');
          expected += current.unit_amount;
          reached.add(current);
        }
        for (const t of reached) expected += t.flat_amount;
        expect(tieredAmount(tiers, 'graduated', quantity)).toBe(expected);
      }),
    );
  });

  it('graduated never decreases as quantity grows', () => {
    fc.assert(
      fc.property(tierSet, fc.integer({ min: 0, max: 80 }), (tiers, quantity) => {
        expect(tieredAmount(tiers, 'graduated', quantity + 1)).toBeGreaterThanOrEqual(
          tieredAmount(tiers, 'graduated', quantity),
        );
      }),
    );
  });

  it('volume charges every unit at one tier rate', () => {
    fc.assert(
      fc.property(tierSet, fc.integer({ min: 1, max: 80 }), (tiers, quantity) => {
        const amount = tieredAmount(tiers, 'volume', quantity);
        const matches = tiers.some((t) => amount === BigInt(quantity) * t.unit_amount + t.flat_amount);
        expect(matches).toBe(true);
      }),
    );
  });
});
