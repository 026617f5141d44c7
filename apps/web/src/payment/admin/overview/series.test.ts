import { describe, expect, it } from 'vitest';
import { dailySeries, daysBetween, revenueOf, total } from './series';

describe('overview series', () => {
  it('lists every day of the window, across a month end', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it('fills missing days with 0, keeps one currency, and sums exactly beyond 2^64', () => {
    const big = '123456789012345678901234567890';
    const days = daysBetween('2026-03-01', '2026-03-03');
    const rows = [
      { date: '2026-03-01', currency_id: 'a', amount: big },
      { date: '2026-03-03', currency_id: 'a', amount: '5' },
      { date: '2026-03-03', currency_id: 'b', amount: '7' },
    ];
    const points = dailySeries(days, rows, 'a', revenueOf);
    expect(points.map((p) => p.value)).toEqual([BigInt(big), 0n, 5n]);
    expect(total(points)).toBe(BigInt(big) + 5n);
  });
});
