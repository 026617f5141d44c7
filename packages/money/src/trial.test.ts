import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { effectiveTrial, isTrialing, trialCurrencies, trialDisplay } from './trial.js';

const NOW = 1_700_000_000;
const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

describe('trialDisplay', () => {
  it.each([
    [1, 'minute', 1],
    [30 * MINUTE, 'minute', 30],
    [59 * MINUTE + 1, 'minute', 60],
    [HOUR - 1, 'minute', 60],
    [HOUR, 'hour', 1],
    [HOUR + 1, 'hour', 2],
    [23 * HOUR, 'hour', 23],
    [DAY - 1, 'hour', 24],
    [DAY, 'day', 1],
    [DAY + 1, 'day', 2],
    [14 * DAY, 'day', 14],
  ])('a trial ending in %is shows %s x %i (rounded up)', (left, unit, count) => {
    expect(trialDisplay({ trial_end: NOW + left, trial_period_days: 30 }, NOW)).toEqual({ unit, count });
  });

  it('falls back to trial_period_days when trial_end is not in the future', () => {
    expect(trialDisplay({ trial_end: NOW, trial_period_days: 7 }, NOW)).toEqual({ unit: 'day', count: 7 });
    expect(trialDisplay({ trial_end: NOW - 10, trial_period_days: 7 }, NOW)).toEqual({
      unit: 'day',
      count: 7,
    });
    expect(trialDisplay({ trial_period_days: 1.5 }, NOW)).toEqual({ unit: 'day', count: 2 });
    expect(trialDisplay({ trial_end: null, trial_period_days: 14 }, NOW)).toEqual({ unit: 'day', count: 14 });
  });

  it('is null without a trial', () => {
    expect(trialDisplay(null, NOW)).toBeNull();
    expect(trialDisplay(undefined, NOW)).toBeNull();
    expect(trialDisplay({}, NOW)).toBeNull();
    expect(trialDisplay({ trial_period_days: 0 }, NOW)).toBeNull();
    expect(trialDisplay({ trial_end: NOW - 1 }, NOW)).toBeNull();
    expect(trialDisplay({ trial_end: Number.NaN, trial_period_days: -3 }, NOW)).toBeNull();
  });

  it('property: the count is the smallest whole unit covering the time left', () => {
    const seconds = { minute: MINUTE, hour: HOUR, day: DAY };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * DAY }), (left) => {
        const shown = trialDisplay({ trial_end: NOW + left }, NOW);
        expect(shown).not.toBeNull();
        if (!shown) return;
        const unit = seconds[shown.unit];
        expect(shown.count * unit).toBeGreaterThanOrEqual(left);
        expect((shown.count - 1) * unit).toBeLessThan(left);
        const expectedUnit = left < HOUR ? 'minute' : left < DAY ? 'hour' : 'day';
        expect(shown.unit).toBe(expectedUnit);
      }),
    );
  });
});

describe('trialCurrencies', () => {
  it('splits the comma list', () => {
    expect(trialCurrencies('pc_a,pc_b')).toEqual(['pc_a', 'pc_b']);
    expect(trialCurrencies(' pc_a , pc_b ,')).toEqual(['pc_a', 'pc_b']);
    expect(trialCurrencies(',,')).toEqual([]);
    expect(trialCurrencies('')).toEqual([]);
    expect(trialCurrencies(null)).toEqual([]);
    expect(trialCurrencies(undefined)).toEqual([]);
  });
});

describe('effectiveTrial', () => {
  const trial = { trial_period_days: 7, trial_end: NOW + DAY };

  it('keeps the trial for any currency when none are listed', () => {
    expect(effectiveTrial(trial, 'pc_x')).toEqual(trial);
    expect(effectiveTrial({ ...trial, trial_currency: '' }, 'pc_x')).toEqual(trial);
    expect(effectiveTrial({ ...trial, trial_currency: ' , ' }, 'pc_x')).toEqual(trial);
  });

  it('keeps the trial for a listed currency and drops it otherwise', () => {
    const listed = { ...trial, trial_currency: 'pc_a, pc_b' };
    expect(effectiveTrial(listed, 'pc_b')).toEqual(trial);
    expect(effectiveTrial(listed, 'pc_c')).toBeNull();
    expect(effectiveTrial(listed, 'pc_')).toBeNull();
    expect(effectiveTrial(listed, null)).toBeNull();
    expect(effectiveTrial(listed, '')).toBeNull();
  });

  it('returns only the fields that make a trial', () => {
    expect(effectiveTrial({ trial_period_days: 3, trial_end: 0 }, 'x')).toEqual({ trial_period_days: 3 });
    expect(effectiveTrial({ trial_end: NOW }, 'x')).toEqual({ trial_end: NOW });
  });

  it('is null without a trial', () => {
    expect(effectiveTrial(null, 'x')).toBeNull();
    expect(effectiveTrial(undefined, 'x')).toBeNull();
    expect(effectiveTrial({ trial_currency: 'x' }, 'x')).toBeNull();
    expect(effectiveTrial({ trial_period_days: 0, trial_end: -1 }, 'x')).toBeNull();
  });
});

describe('isTrialing', () => {
  it('is true for a future trial_end or positive trial days', () => {
    expect(isTrialing({ trial_period_days: 7 }, 'x', NOW)).toBe(true);
    expect(isTrialing({ trial_end: NOW + 1 }, 'x', NOW)).toBe(true);
    expect(isTrialing({ trial_end: NOW + 1, trial_period_days: 0 }, 'x', NOW)).toBe(true);
  });

  it('is false for a past trial_end, no trial, or a dropped trial', () => {
    expect(isTrialing({ trial_end: NOW }, 'x', NOW)).toBe(false);
    expect(isTrialing({}, 'x', NOW)).toBe(false);
    expect(isTrialing(null, 'x', NOW)).toBe(false);
    expect(isTrialing({ trial_period_days: 7, trial_currency: 'y' }, 'x', NOW)).toBe(false);
  });
});
