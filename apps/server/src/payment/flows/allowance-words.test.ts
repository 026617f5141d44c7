import { describe, expect, it } from 'vitest';
import { allowanceWords, approveDescription } from './allowance-words.js';

const tusd = { symbol: 'TUSD', decimals: 6 };

describe('allowance words for the DID wallet', () => {
  it('says the amount in whole tokens and the span in the reader language', () => {
    const offer = { amount: '60000000', span: { unit: 'month' as const, count: 12 } };
    expect(allowanceWords('en', offer, tusd)).toBe('Allows up to 60 TUSD, about 12 months of this plan.');
    expect(allowanceWords('zh', offer, tusd)).toBe('授权最多 60 TUSD，约为此套餐 12 个月的费用。');
  });

  it('uses the singular for one period and keeps fractions exact', () => {
    const offer = { amount: '1500001', span: { unit: 'week' as const, count: 1 } };
    expect(allowanceWords('en', offer, tusd)).toBe('Allows up to 1.500001 TUSD, about 1 week of this plan.');
  });

  it('tells the customer the approve can be declined', () => {
    const offer = { amount: '5000000', span: { unit: 'day' as const, count: 3 } };
    expect(approveDescription('en', offer, tusd)).toContain('You can decline');
    expect(approveDescription('zh', offer, tusd)).toContain('约为此套餐 3 天的费用');
  });
});
