import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { amountFromJson, amountToJson, formatAmount, parseAmount, toDecimalString } from './amount.js';
import { MoneyRuleError } from './errors.js';

const LIMIT = 2n ** 200n;
const natural = fc.bigInt({ min: 0n, max: LIMIT });
const signed = fc.bigInt({ min: -LIMIT, max: LIMIT });
const decimals18 = fc.integer({ min: 0, max: 18 });
const decimals77 = fc.integer({ min: 0, max: 77 });
const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'en-IN', 'ar-EG', 'zh-CN', 'ja-JP', 'he-IL'];

/** x cut toward zero to `precision` of its `decimals` fractional digits. */
function cut(x: bigint, decimals: number, precision: number): bigint {
  const step = 10n ** BigInt(Math.max(decimals - precision, 0));
  return (x / step) * step;
}

describe('amount properties', () => {
  it('parse(format(x)) round-trips up to 2^200 and decimals 0..18 without loss', () => {
    fc.assert(
      fc.property(natural, decimals18, (x, decimals) => {
        const text = formatAmount(x, decimals, { precision: decimals, grouping: false });
        expect(parseAmount(text, decimals, decimals)).toBe(x);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips negatives when they are allowed', () => {
    fc.assert(
      fc.property(signed, decimals18, (x, decimals) => {
        const text = formatAmount(x, decimals, { precision: decimals, grouping: false });
        expect(parseAmount(text, decimals, decimals, { allowNegative: true })).toBe(x);
      }),
    );
  });

  it('toDecimalString round-trips for every decimals 0..77', () => {
    fc.assert(
      fc.property(signed, decimals77, (x, decimals) => {
        const text = toDecimalString(x, decimals);
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(parseAmount(text, decimals, decimals, { allowNegative: true })).toBe(x);
      }),
    );
  });

  it('never produces floats: plain digits only, no exponent, no rounding up', () => {
    fc.assert(
      fc.property(signed, decimals18, fc.integer({ min: 0, max: 20 }), (x, decimals, precision) => {
        const grouped = formatAmount(x, decimals, { precision });
        expect(grouped).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
        const plain = formatAmount(x, decimals, { precision, grouping: false });
        expect(grouped.replaceAll(',', '')).toBe(plain);
        expect(parseAmount(plain, decimals, decimals, { allowNegative: true })).toBe(
          cut(x, decimals, precision),
        );
      }),
    );
  });

  it('pads exactly to min(precision, decimals) digits when trimZeros is false', () => {
    fc.assert(
      fc.property(signed, decimals18, fc.integer({ min: 0, max: 20 }), (x, decimals, precision) => {
        const text = formatAmount(x, decimals, { precision, trimZeros: false, grouping: false });
        const fraction = text.split('.')[1] ?? '';
        expect(fraction.length).toBe(Math.min(precision, decimals));
      }),
    );
  });

  it('localized output equals Intl.NumberFormat given the same exact decimal string', () => {
    fc.assert(
      fc.property(
        signed,
        decimals18,
        fc.constantFrom(...LOCALES),
        fc.boolean(),
        (x, decimals, locale, grouping) => {
          const exact = toDecimalString(x, decimals);
          const digits = exact.split('.')[1]?.length ?? 0;
          const intl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
            useGrouping: grouping,
          });
          expect(formatAmount(x, decimals, { precision: decimals, locale, grouping })).toBe(
            intl.format(exact as `${number}`),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('parseAmount returns a bigint or throws a MoneyRuleError for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), decimals18, (text, decimals) => {
        try {
          const units = parseAmount(text, decimals, decimals, { allowNegative: true });
          expect(typeof units).toBe('bigint');
          expect(text.trim()).toMatch(/^-?\d*\.?\d*$/);
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyRuleError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts a fraction exactly when its significant digits fit the precision', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(
        digits,
        digits,
        decimals18,
        fc.integer({ min: 0, max: 18 }),
        (whole, fraction, decimals, precision) => {
          const significant = fraction.replace(/0+$/, '').length;
          const fits = significant <= Math.min(precision, decimals);
          const attempt = () => parseAmount(`${whole}.${fraction}`, decimals, precision);
          if (fits) expect(typeof attempt()).toBe('bigint');
          else expect(attempt).toThrow(`less than or equal to ${Math.min(precision, decimals)}`);
        },
      ),
    );
  });

  it('JSON helpers round-trip any bigint', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), (x) => {
        expect(amountFromJson(amountToJson(x))).toBe(x);
      }),
    );
  });
});
