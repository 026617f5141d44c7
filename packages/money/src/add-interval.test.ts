import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UnsupportedIntervalError } from './errors.js';
import { addInterval } from './interval.js';

const at = (iso: string) => new Date(iso);
const add = (start: string, interval: string, interval_count = 1, periods = 1) =>
  addInterval(at(start), { interval, interval_count }, periods).toISOString();

describe('addInterval', () => {
  it.each([
    ['2026-01-15T10:20:30.000Z', 'month', 1, '2026-02-15T10:20:30.000Z'],
    ['2026-01-31T00:00:00.000Z', 'month', 1, '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 'month', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T08:00:00.000Z', 'month', 1, '2026-04-30T08:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', 'month', 1, '2027-01-31T23:59:59.999Z'],
    ['2026-11-30T00:00:00.000Z', 'month', 3, '2027-02-28T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 'month', 6, '2027-02-28T00:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', 'month', 13, '2027-06-10T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'year', 1, '2029-02-28T12:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'year', 4, '2032-02-29T12:00:00.000Z'],
    ['2026-07-04T00:00:00.000Z', 'year', 1, '2027-07-04T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 'hour', 1, '2026-01-01T01:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 'hour', 36, '2026-01-02T12:00:00.000Z'],
    ['2026-03-28T12:00:00.000Z', 'day', 3, '2026-03-31T12:00:00.000Z'],
    ['2026-12-28T00:00:00.000Z', 'week', 1, '2027-01-04T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 'week', 2, '2026-01-15T00:00:00.000Z'],
  ])('%s + %s x %i = %s', (start, interval, count, expected) => {
    expect(add(start, interval, count)).toBe(expected);
  });

  it('counts renewals from the original start so a clamped month does not drift', () => {
    const start = '2026-01-31T09:00:00.000Z';
    expect(add(start, 'month', 1, 1)).toBe('2026-02-28T09:00:00.000Z');
    expect(add(start, 'month', 1, 2)).toBe('2026-03-31T09:00:00.000Z');
    expect(add(start, 'month', 1, 3)).toBe('2026-04-30T09:00:00.000Z');
    expect(add(start, 'month', 1, 12)).toBe('2027-01-31T09:00:00.000Z');
  });

  it('zero periods is the start itself and does not change the given date', () => {
    const start = at('2026-05-31T00:00:00.000Z');
    expect(addInterval(start, { interval: 'month' }, 0).toISOString()).toBe(start.toISOString());
    addInterval(start, { interval: 'month' });
    expect(start.toISOString()).toBe('2026-05-31T00:00:00.000Z');
  });

  it('refuses unknown intervals, bad counts, negative periods and invalid dates', () => {
    const start = at('2026-01-01T00:00:00.000Z');
    expect(() => addInterval(start, { interval: 'fortnight' })).toThrow(UnsupportedIntervalError);
    expect(() => addInterval(start, { interval: 'month', interval_count: 0 })).toThrow(
      UnsupportedIntervalError,
    );
    expect(() => addInterval(start, { interval: 'month' }, -1)).toThrow(RangeError);
    expect(() => addInterval(start, { interval: 'month' }, 1.5)).toThrow(RangeError);
    expect(() => addInterval(new Date(Number.NaN), { interval: 'day' })).toThrow(RangeError);
  });

  it('month steps keep the day when the target month has it, else land on its last day', () => {
    const dates = fc.date({
      min: new Date('1970-01-01T00:00:00.000Z'),
      max: new Date('2200-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 40 }), (start, months) => {
        const end = addInterval(start, { interval: 'month', interval_count: months });
        const monthsApart =
          (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
        expect(monthsApart).toBe(months);
        const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
        expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), lastDay));
        expect(end.getTime() % 86_400_000).toBe(start.getTime() % 86_400_000);
      }),
    );
  });

  it('a year is always twelve months', () => {
    const dates = fc.date({
      min: new Date('1970-01-01T00:00:00.000Z'),
      max: new Date('2200-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 5 }), (start, years) => {
        expect(addInterval(start, { interval: 'year', interval_count: years }).toISOString()).toBe(
          addInterval(start, { interval: 'month', interval_count: 12 * years }).toISOString(),
        );
      }),
    );
  });
});
