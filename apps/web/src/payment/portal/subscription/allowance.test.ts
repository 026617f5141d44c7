import { describe, expect, it } from 'vitest';
import { periodsPerYear, yearAllowance } from './allowance';

describe('the 12-month allowance', () => {
  it('counts the periods of a year', () => {
    expect(periodsPerYear('month', 1)).toBe(12);
    expect(periodsPerYear('month', 3)).toBe(4);
    expect(periodsPerYear('year', 1)).toBe(1);
    expect(periodsPerYear('year', 2)).toBe(1);
    expect(periodsPerYear('week', 1)).toBe(52);
  });
  it('multiplies the plan amount, in smallest units', () => {
    expect(yearAllowance(5_000_000n, 'month', 1)).toBe(60_000_000n);
  });
});
