import { describe, expect, it } from 'vitest';
import { barHeight, usageTable, utcWindow } from './usageChart';

describe('meter usage chart data', () => {
  it('covers the last N UTC days up to today, as the stats query [start, end)', () => {
    const w = utcWindow(3, Date.parse('2026-05-10T22:30:00.000Z'));
    expect(w).toEqual({
      start: '2026-05-08T00:00:00.000Z',
      end: '2026-05-11T00:00:00.000Z',
      days: ['2026-05-08', '2026-05-09', '2026-05-10'],
    });
  });

  it('lays each customer out per day, zero on days without events, with exact totals', () => {
    const big = '123456789012345678901234567890';
    const table = usageTable(
      ['2026-05-08', '2026-05-09', '2026-05-10'],
      new Map([
        [
          'cus_a',
          [
            { date: '2026-05-08', total: '5' },
            { date: '2026-05-10', total: big },
          ],
        ],
        ['cus_b', [{ date: '2026-05-10', total: '7' }]],
      ]),
    );
    expect(table.values).toEqual([
      [5n, 0n],
      [0n, 0n],
      [BigInt(big), 7n],
    ]);
    expect(table.totals).toEqual([5n, 0n, BigInt(big) + 7n]);
    expect(table.max).toBe(BigInt(big) + 7n);
  });

  it('scales bars to the busiest day', () => {
    expect(barHeight(50n, 100n, 200)).toBe(100);
    expect(barHeight(0n, 100n, 200)).toBe(0);
    expect(barHeight(5n, 0n, 200)).toBe(0);
  });
});
