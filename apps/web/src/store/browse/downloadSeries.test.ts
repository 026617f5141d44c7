import { describe, expect, it } from 'vitest';
import { dailySeries, seriesSummary } from './downloadSeries';

describe('downloads chart series', () => {
  it('fills the days without downloads with zeros, oldest first, ending today (UTC)', () => {
    const series = dailySeries(
      [
        { day: '2026-03-01', count: 4 },
        { day: '2026-02-27', count: 1 },
        { day: '2026-01-01', count: 9 },
      ],
      4,
      new Date('2026-03-01T23:30:00Z'),
    );
    expect(series).toEqual([
      { day: '2026-02-26', count: 0 },
      { day: '2026-02-27', count: 1 },
      { day: '2026-02-28', count: 0 },
      { day: '2026-03-01', count: 4 },
    ]);
    expect(seriesSummary(series)).toEqual({ total: 5, peak: { day: '2026-03-01', count: 4 } });
  });

  it('has no peak when nothing was downloaded', () => {
    expect(seriesSummary(dailySeries([], 3, new Date('2026-03-01T00:00:00Z')))).toEqual({
      total: 0,
      peak: null,
    });
  });
});
