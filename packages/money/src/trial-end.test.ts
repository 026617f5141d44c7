import { describe, expect, it } from 'vitest';

import { trialEndSeconds } from './trial.js';

const NOW = 1_800_000_000;
const DAY = 86_400;

describe('trialEndSeconds', () => {
  it('is now + trial_period_days', () => {
    expect(trialEndSeconds({ trial_period_days: 7 }, 'pc_a', NOW)).toBe(NOW + 7 * DAY);
  });

  it('a future trial_end wins over trial_period_days', () => {
    expect(trialEndSeconds({ trial_end: NOW + 3600, trial_period_days: 7 }, 'pc_a', NOW)).toBe(NOW + 3600);
  });

  it('a past trial_end falls back to trial_period_days, or no trial at all', () => {
    expect(trialEndSeconds({ trial_end: NOW - 1, trial_period_days: 2 }, 'pc_a', NOW)).toBe(NOW + 2 * DAY);
    expect(trialEndSeconds({ trial_end: NOW - 1 }, 'pc_a', NOW)).toBeNull();
    expect(trialEndSeconds({ trial_end: NOW }, 'pc_a', NOW)).toBeNull();
  });

  it('is null without a trial', () => {
    expect(trialEndSeconds(null, 'pc_a', NOW)).toBeNull();
    expect(trialEndSeconds({}, 'pc_a', NOW)).toBeNull();
    expect(trialEndSeconds({ trial_period_days: 0 }, 'pc_a', NOW)).toBeNull();
  });

  it('drops the trial when trial_currency excludes the chosen currency', () => {
    const data = { trial_period_days: 7, trial_currency: 'pc_a, pc_b' };
    expect(trialEndSeconds(data, 'pc_b', NOW)).toBe(NOW + 7 * DAY);
    expect(trialEndSeconds(data, 'pc_c', NOW)).toBeNull();
    expect(trialEndSeconds(data, null, NOW)).toBeNull();
  });
});
