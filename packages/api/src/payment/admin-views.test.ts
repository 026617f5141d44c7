import { describe, expect, it } from 'vitest';
import { donationSettingValues } from './admin-views.js';

const amount = { presets: ['1', '5'], preset: '1', custom: true };

describe('donation setting values', () => {
  it('refuses a minimum above the maximum', () => {
    const parsed = donationSettingValues.safeParse({ amount: { ...amount, minimum: '10', maximum: '2.5' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('amount.maximum');
  });

  it('reports a bound that is not a decimal as an issue, never throws', () => {
    const parsed = donationSettingValues.safeParse({
      amount: { ...amount, minimum: 'oo', maximum: '0080258.60' },
    });
    expect(parsed.success).toBe(false);
  });
});
