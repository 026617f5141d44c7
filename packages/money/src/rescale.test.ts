import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rescaleUnits, toDecimalString } from './amount.js';
import { AmountPrecisionError } from './errors.js';

describe('rescaleUnits', () => {
  it('keeps the human amount between currencies with other decimals', () => {
    expect(rescaleUnits(1_500_000_000_000_000_000n, 18, 6)).toBe(1_500_000n);
    expect(rescaleUnits(1_500_000n, 6, 18)).toBe(1_500_000_000_000_000_000n);
    expect(rescaleUnits(42n, 2, 2)).toBe(42n);
  });

  it('refuses an amount the target currency cannot hold exactly', () => {
    expect(() => rescaleUnits(1_500_000_000_000_000_001n, 18, 6)).toThrow(AmountPrecisionError);
    expect(() => rescaleUnits(1_500_000_000_000_000_001n, 18, 6)).toThrow(
      'Amount decimal places must be less than or equal to 6',
    );
  });

  it('round-trips exactly and shows the same decimal string (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 24 }),
        (units, from, to) => {
          const up = Math.max(from, to);
          const scaled = rescaleUnits(units, from, up);
          expect(toDecimalString(scaled, up)).toBe(toDecimalString(units, from));
          expect(rescaleUnits(scaled, up, from)).toBe(units);
          expect(rescaleUnits(rescaleUnits(units, from, to + from), to + from, from)).toBe(units);
        },
      ),
    );
  });
});
