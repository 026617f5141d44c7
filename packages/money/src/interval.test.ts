import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UnsupportedIntervalError } from './errors.js';
import {
  INTERVAL_SECONDS,
  RECURRING_INTERVALS,
  describeRecurring,
  intervalSeconds,
  isRecurringInterval,
  normalizeRecurring,
  upsellSavingPercent,
} from './interval.js';
import type { RecurringSpec, UpsellSide } from './interval.js';

const HOUR = 3_600n;
const DAY = 24n * HOUR;

function side(amount: bigint, interval: string, interval_count = 1): UpsellSide {
  return { amount, recurring: { interval, interval_count } };
}

describe('intervalSeconds', () => {
  it.each([
    ['hour', 1, HOUR],
    ['day', 1, DAY],
    ['week', 1, 7n * DAY],
    ['month', 1, 30n * DAY],
    ['year', 1, 365n * DAY],
    ['hour', 2, 2n * HOUR],
    ['hour', 36, 36n * HOUR],
    ['day', 3, 3n * DAY],
    ['week', 2, 14n * DAY],
    ['month', 3, 90n * DAY],
    ['year', 2, 730n * DAY],
  ])('%s x %i is %s seconds', (interval, interval_count, expected) => {
    expect(intervalSeconds({ interval, interval_count })).toBe(expected);
  });

  it('multiplies hour by interval_count (the reference ignored it)', () => {
    expect(intervalSeconds({ interval: 'hour', interval_count: 5 })).toBe(5n * HOUR);
  });

  it('treats a missing interval_count as 1', () => {
    expect(intervalSeconds({ interval: 'week' })).toBe(7n * DAY);
    expect(intervalSeconds({ interval: 'week', interval_count: null })).toBe(7n * DAY);
  });

  it('exposes the SPEC lengths', () => {
    expect(RECURRING_INTERVALS).toEqual(['hour', 'day', 'week', 'month', 'year']);
    expect(INTERVAL_SECONDS).toEqual({
      hour: HOUR,
      day: DAY,
      week: 7n * DAY,
      month: 30n * DAY,
      year: 365n * DAY,
    });
  });

  const bad: RecurringSpec[] = [
    { interval: 'minute', interval_count: 1 },
    { interval: 'Month', interval_count: 1 },
    { interval: '', interval_count: 1 },
    { interval: 'month', interval_count: 0 },
    { interval: 'month', interval_count: -1 },
    { interval: 'month', interval_count: 1.5 },
    { interval: 'month', interval_count: Number.NaN },
    { interval: 'month', interval_count: Infinity },
    { interval: 'month', interval_count: 2 ** 53 },
  ];
  it.each(bad)('rejects %o as an unsupported recurring interval', (spec) => {
    expect(() => intervalSeconds(spec)).toThrow(UnsupportedIntervalError);
    expect(() => intervalSeconds(spec)).toThrow('unsupported recurring interval');
  });

  it('puts the offending values in params', () => {
    try {
      normalizeRecurring({ interval: 'fortnight', interval_count: 2 });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'UNSUPPORTED_INTERVAL',
        params: { interval: 'fortnight', interval_count: '2' },
      });
    }
  });
});

describe('isRecurringInterval', () => {
  it('knows the five intervals only', () => {
    for (const interval of RECURRING_INTERVALS) expect(isRecurringInterval(interval)).toBe(true);
    for (const other of ['minute', 'HOUR', '', null, 1, undefined])
      expect(isRecurringInterval(other)).toBe(false);
  });
});

describe('upsellSavingPercent', () => {
  it('monthly 10 vs yearly 100 saves 16.67%, rounded to 17', () => {
    expect(upsellSavingPercent(side(10n, 'month'), side(100n, 'year'))).toBe(17);
  });

  it('compares month and year in calendar months (a year is 12 monthly payments)', () => {
    expect(upsellSavingPercent(side(50n, 'month', 6), side(90n, 'year'))).toBe(10);
    expect(upsellSavingPercent(side(40n, 'month', 3), side(100n, 'year'))).toBe(38); // 160 -> 100: 37.5%
    expect(upsellSavingPercent(side(100n, 'year'), side(180n, 'year', 2))).toBe(10);
  });

  it('uses the exact rational regular cost when spans do not divide evenly', () => {
    // Weekly 10 over a 30-day month: 10 * 30/7 = 42.857; saving (42.857 - 40) / 42.857 = 6.67%.
    expect(upsellSavingPercent(side(10n, 'week'), side(40n, 'month'))).toBe(7);
    // Weekly 10 over 365 days: 521.43; saving 121.43 / 521.43 = 23.29%.
    expect(upsellSavingPercent(side(10n, 'week'), side(400n, 'year'))).toBe(23);
    // Daily 1 over a 3-month span of 90 days: 90; saving 15 / 90 = 16.67%.
    expect(upsellSavingPercent(side(1n, 'day'), side(75n, 'month', 3))).toBe(17);
  });

  it('counts interval_count for hours too', () => {
    // 1 per 2 hours is 12 per day; 10 per day saves 2/12 = 16.67%.
    expect(upsellSavingPercent(side(1n, 'hour', 2), side(10n, 'day'))).toBe(17);
  });

  it('rounds half up instead of truncating', () => {
    expect(upsellSavingPercent(side(8n, 'month'), side(7n, 'month'))).toBe(13); // 12.5%
    expect(upsellSavingPercent(side(200n, 'month'), side(199n, 'month'))).toBe(1); // 0.5%
    expect(upsellSavingPercent(side(201n, 'month'), side(200n, 'month'))).toBe(0); // 0.4975%
    expect(upsellSavingPercent(side(3n, 'day'), side(2n, 'day'))).toBe(33); // 33.33%
    expect(upsellSavingPercent(side(3n, 'day'), side(1n, 'day'))).toBe(67); // 66.67%
  });

  it('returns 0 when there is no saving', () => {
    expect(upsellSavingPercent(side(10n, 'month'), side(120n, 'year'))).toBe(0);
    expect(upsellSavingPercent(side(10n, 'month'), side(130n, 'year'))).toBe(0);
    expect(upsellSavingPercent(side(100n, 'year'), side(10n, 'month'))).toBe(0);
    expect(upsellSavingPercent(side(0n, 'month'), side(0n, 'year'))).toBe(0);
    expect(upsellSavingPercent(side(0n, 'month'), side(5n, 'year'))).toBe(0);
  });

  it('reaches 100 for a free or nearly free upsell', () => {
    expect(upsellSavingPercent(side(10n, 'month'), side(0n, 'year'))).toBe(100);
    expect(upsellSavingPercent(side(1000n, 'month'), side(1n, 'month'))).toBe(100); // 99.9%
  });

  it('works on 18-decimal amounts', () => {
    const e18 = 10n ** 18n;
    expect(upsellSavingPercent(side(10n * e18, 'month'), side(100n * e18, 'year'))).toBe(17);
  });

  it('rejects negative amounts and unsupported intervals', () => {
    expect(() => upsellSavingPercent(side(-1n, 'month'), side(1n, 'year'))).toThrow(RangeError);
    expect(() => upsellSavingPercent(side(1n, 'month'), side(-1n, 'year'))).toThrow(RangeError);
    expect(() => upsellSavingPercent(side(1n, 'quarter'), side(1n, 'year'))).toThrow(
      UnsupportedIntervalError,
    );
  });

  const intervals = fc.constantFrom(...RECURRING_INTERVALS);
  const count = fc.integer({ min: 1, max: 24 });
  const amount = fc.bigInt({ min: 0n, max: 10n ** 30n });
  const sides = fc.tuple(amount, intervals, count, amount, intervals, count);

  it('property: a whole percent within half a point of the exact saving', () => {
    fc.assert(
      fc.property(sides, ([fa, fi, fc_, ta, ti, tc]) => {
        const percent = upsellSavingPercent(side(fa, fi, fc_), side(ta, ti, tc));
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        const monthBased = (i: string) => i === 'month' || i === 'year';
        const span = (i: string, c: number) =>
          monthBased(fi) && monthBased(ti)
            ? BigInt(c) * (i === 'year' ? 12n : 1n)
            : intervalSeconds({ interval: i, interval_count: c });
        const regular = fa * span(ti, tc);
        const saved = regular - ta * span(fi, fc_);
        if (regular === 0n || saved <= 0n) {
          expect(percent).toBe(0);
          return;
        }
        // (percent - 1/2) <= 100 * saved / regular < (percent + 1/2)
        const p = BigInt(percent);
        expect((2n * p - 1n) * regular <= 200n * saved).toBe(true);
        expect(200n * saved < (2n * p + 1n) * regular).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a cheaper upsell never shows a smaller saving', () => {
    fc.assert(
      fc.property(sides, fc.bigInt({ min: 0n, max: 10n ** 20n }), ([fa, fi, fc_, ta, ti, tc], cheaper) => {
        const lower = ta > cheaper ? ta - cheaper : 0n;
        expect(upsellSavingPercent(side(fa, fi, fc_), side(lower, ti, tc))).toBeGreaterThanOrEqual(
          upsellSavingPercent(side(fa, fi, fc_), side(ta, ti, tc)),
        );
      }),
    );
  });
});

describe('describeRecurring', () => {
  it.each(RECURRING_INTERVALS)('count 1 of %s is "per"', (interval) => {
    expect(describeRecurring({ interval, interval_count: 1 })).toEqual({
      kind: 'per',
      key: interval,
      interval,
      count: 1,
    });
  });

  it('words 3 and 6 months with their own keys', () => {
    expect(describeRecurring({ interval: 'month', interval_count: 3 })).toEqual({
      kind: 'named',
      key: 'month3',
      interval: 'month',
      count: 3,
    });
    expect(describeRecurring({ interval: 'month', interval_count: 6 })).toEqual({
      kind: 'named',
      key: 'month6',
      interval: 'month',
      count: 6,
    });
  });

  it('describes other counts as "every"', () => {
    expect(describeRecurring({ interval: 'month', interval_count: 2 })).toEqual({
      kind: 'every',
      key: 'month',
      interval: 'month',
      count: 2,
    });
    expect(describeRecurring({ interval: 'week', interval_count: 3 })).toMatchObject({
      kind: 'every',
      count: 3,
    });
    expect(describeRecurring({ interval: 'year', interval_count: 6 })).toMatchObject({
      kind: 'every',
      key: 'year',
    });
    expect(describeRecurring({ interval: 'hour', interval_count: 12 })).toMatchObject({
      kind: 'every',
      count: 12,
    });
  });

  it('defaults the count to 1 and rejects unsupported intervals', () => {
    expect(describeRecurring({ interval: 'day' })).toMatchObject({ kind: 'per', count: 1 });
    expect(() => describeRecurring({ interval: 'minute', interval_count: 1 })).toThrow(
      'unsupported recurring interval',
    );
  });
});
