import { describe, expect, it } from 'vitest';
import { dayOf, lastDays, rangeBounds, rangeQuery } from './dateRange';

describe('credit transactions date range', () => {
  it('runs from 00:00:00 of the first day to 23:59:59 of the last, in the zone given', () => {
    const bounds = rangeBounds({ from: '2026-03-02', to: '2026-03-04' }, 'UTC');
    expect(bounds?.first.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(bounds?.last.toISOString()).toBe('2026-03-04T23:59:59.999Z');
  });

  it("uses the browser's time zone: in Shanghai (UTC+8) a day starts at 16:00 UTC the day before", () => {
    expect(rangeQuery({ from: '2026-03-02', to: '2026-03-03' }, 'Asia/Shanghai')).toEqual({
      start: '2026-03-01T16:00:00.000Z',
      end: '2026-03-03T16:00:00.000Z',
    });
    const shanghai = rangeBounds({ from: '2026-03-02', to: '2026-03-03' }, 'Asia/Shanghai');
    expect(shanghai?.last.toISOString()).toBe('2026-03-03T15:59:59.999Z');
  });

  it('keeps local midnight across a daylight-saving change (a 23-hour day in New York)', () => {
    expect(rangeQuery({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York')).toEqual({
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
    });
    // And the 25-hour day in November.
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York')).toEqual({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
    });
  });

  it("defaults to the browser's zone: the start is local midnight", () => {
    const query = rangeQuery({ from: '2026-05-10', to: '2026-05-10' });
    const start = new Date(query?.start ?? '');
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getDate()]).toEqual([
      0, 0, 0, 10,
    ]);
  });

  it('refuses a range that ends before it starts, a missing day and a day that does not exist', () => {
    expect(rangeQuery({ from: '2026-03-05', to: '2026-03-04' }, 'UTC')).toBeNull();
    expect(rangeQuery({ from: '', to: '2026-03-04' }, 'UTC')).toBeNull();
    expect(rangeQuery({ from: '2026-02-30', to: '2026-03-04' }, 'UTC')).toBeNull();
  });

  it('gives the last N days up to today and writes days as the date input does', () => {
    const now = new Date(2026, 0, 3, 15, 30);
    expect(lastDays(7, now)).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(dayOf(new Date(2026, 10, 9, 23, 59))).toBe('2026-11-09');
  });
});
