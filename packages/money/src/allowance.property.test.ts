import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_ALLOWANCE_PERIODS,
  MAX_ALLOWANCE_PERIODS,
  allowanceCovers,
  allowancePeriods,
  allowanceSpan,
  subscriptionAllowance,
} from './allowance.js';

const amount = fc.bigInt({ min: 0n, max: 2n ** 200n });
const periods = fc.integer({ min: 1, max: MAX_ALLOWANCE_PERIODS });

describe('the allowance a subscription asks for', () => {
  it('covers exactly N renewals of a 5 TUSD plan paid by transfer today (no trial)', () => {
    // 5 TUSD with 6 decimals; the first period is sent by the wallet, 12 renewals are pulled.
    expect(subscriptionAllowance({ perPeriod: 5_000_000n, periods: 12, pulledToday: 0n })).toBe(60_000_000n);
  });

  it('with a trial: nothing today, the first paid invoice at the trial end is one of the N', () => {
    expect(subscriptionAllowance({ perPeriod: 5_000_000n, periods: 3, pulledToday: 0n })).toBe(15_000_000n);
  });

  it('adds what fast pay pulls today from the same allowance (a setup fee included)', () => {
    expect(subscriptionAllowance({ perPeriod: 5_000_000n, periods: 12, pulledToday: 7_000_000n })).toBe(
      67_000_000n,
    );
  });

  it('is exact in bigint: every one of the N pulls fits, and one more period does not', () => {
    fc.assert(
      fc.property(amount, periods, amount, (perPeriod, n, today) => {
        const total = subscriptionAllowance({ perPeriod, periods: n, pulledToday: today });
        let left = total - today;
        for (let i = 0; i < Math.min(n, 5); i += 1) left -= perPeriod;
        left -= perPeriod * BigInt(Math.max(0, n - 5));
        expect(left).toBe(0n);
        if (perPeriod > 0n) expect(allowanceCovers(total - today, perPeriod, n + 1)).toBe(false);
        expect(allowanceCovers(total - today, perPeriod, n)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('grows with the periods and never loses precision above 2^53', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n, max: 2n ** 200n }), periods, (perPeriod, n) => {
        const a = subscriptionAllowance({ perPeriod, periods: n, pulledToday: 0n });
        const b = subscriptionAllowance({ perPeriod, periods: n + 1, pulledToday: 0n });
        expect(b - a).toBe(perPeriod);
        expect(a % perPeriod).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses negative amounts and fewer than one period', () => {
    expect(() => subscriptionAllowance({ perPeriod: -1n, periods: 1, pulledToday: 0n })).toThrow(RangeError);
    expect(() => subscriptionAllowance({ perPeriod: 1n, periods: 0, pulledToday: 0n })).toThrow(RangeError);
  });

  it("takes the checkout's periods, else the price's, else 12, within 1..120", () => {
    expect(allowancePeriods(undefined, null)).toBe(DEFAULT_ALLOWANCE_PERIODS);
    expect(allowancePeriods(6, 24)).toBe(6);
    expect(allowancePeriods(undefined, 24)).toBe(24);
    expect(allowancePeriods(0)).toBe(1);
    expect(allowancePeriods(10_000)).toBe(MAX_ALLOWANCE_PERIODS);
    fc.assert(
      fc.property(fc.option(fc.double()), fc.option(fc.integer()), (a, b) => {
        const n = allowancePeriods(a, b);
        expect(Number.isInteger(n) && n >= 1 && n <= MAX_ALLOWANCE_PERIODS).toBe(true);
      }),
    );
  });

  it("says the span in the plan's unit: months for month and year plans", () => {
    expect(allowanceSpan('month', 1, 12)).toEqual({ unit: 'month', count: 12 });
    expect(allowanceSpan('month', 3, 4)).toEqual({ unit: 'month', count: 12 });
    expect(allowanceSpan('year', 1, 2)).toEqual({ unit: 'month', count: 24 });
    expect(allowanceSpan('week', 2, 6)).toEqual({ unit: 'week', count: 12 });
  });
});
