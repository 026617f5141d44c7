import { describe, expect, it } from 'vitest';

import {
  DEFAULT_DECIMALS,
  DEFAULT_PRECISION,
  MAX_DECIMALS,
  amountFromJson,
  amountToJson,
  parseAmount,
  toDecimalString,
  tryParseAmount,
} from './amount.js';
import { AmountInvalidError, AmountPrecisionError, MoneyRuleError } from './errors.js';

const E18 = 10n ** 18n;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(DEFAULT_PRECISION).toBe(6);
    expect(DEFAULT_DECIMALS).toBe(18);
    expect(MAX_DECIMALS).toBe(77);
  });
});

describe('parseAmount', () => {
  it.each([
    ['12.5', 2, 1250n],
    ['12.5', 18, 12n * E18 + E18 / 2n],
    ['0.000001', 6, 1n],
    ['0.000001', 18, 10n ** 12n],
    ['1', 0, 1n],
    ['0', 18, 0n],
    ['007', 2, 700n],
    ['.5', 2, 50n],
    ['5.', 2, 500n],
    ['  3.25 \n', 2, 325n],
    ['1.500000000', 6, 1_500_000n],
    ['1.0', 0, 1n],
    ['123456789012345678901234567890', 18, 123456789012345678901234567890n * E18],
  ])('%j with %i decimals is %s', (text, decimals, expected) => {
    expect(parseAmount(text, decimals)).toBe(expected);
  });

  it('handles any decimals up to 77', () => {
    expect(parseAmount('1', 77, 77)).toBe(10n ** 77n);
    expect(parseAmount(`0.${'0'.repeat(76)}1`, 77, 77)).toBe(1n);
    expect(parseAmount('2.5', 30, 1)).toBe(25n * 10n ** 29n);
  });

  it('enforces precision with the exact SPEC message', () => {
    const error = thrown(() => parseAmount('1.0000001', 18));
    expect(error).toBeInstanceOf(AmountPrecisionError);
    expect(error).toBeInstanceOf(MoneyRuleError);
    expect(error).toMatchObject({ code: 'AMOUNT_PRECISION', precision: 6, params: { precision: '6' } });
    expect((error as Error).message).toBe('Amount decimal places must be less than or equal to 6');
    expect(() => parseAmount('1.123', 18, 2)).toThrow(
      'Amount decimal places must be less than or equal to 2',
    );
    expect(() => parseAmount('1.5', 18, 0)).toThrow('Amount decimal places must be less than or equal to 0');
    expect(parseAmount('1.12', 18, 2)).toBe(112n * 10n ** 16n);
  });

  it('limits precision to the currency decimals and names that limit', () => {
    expect(() => parseAmount('1.234', 2)).toThrow('Amount decimal places must be less than or equal to 2');
    expect(() => parseAmount('0.1', 0, 6)).toThrow('Amount decimal places must be less than or equal to 0');
  });

  it.each([
    '',
    ' ',
    '.',
    '-',
    '1e-3',
    '1E3',
    '1,000',
    '1 000',
    '+1',
    '0x10',
    'NaN',
    'Infinity',
    '1.2.3',
    '١',
    '１',
    '--1',
    '1-',
    'abc',
    '1.5abc',
    '1_000',
    '.-1',
  ])('rejects %j as AMOUNT_INVALID', (text) => {
    const error = thrown(() => parseAmount(text, 18));
    expect(error).toBeInstanceOf(AmountInvalidError);
    expect(error).toMatchObject({ code: 'AMOUNT_INVALID', message: 'Invalid amount' });
  });

  it('rejects non-string input at runtime', () => {
    expect(() => parseAmount(12 as unknown as string, 2)).toThrow(AmountInvalidError);
  });

  it('rejects negatives unless allowed', () => {
    expect(() => parseAmount('-1.5', 2)).toThrow(AmountInvalidError);
    expect(() => parseAmount('-0', 2)).toThrow(AmountInvalidError);
    expect(parseAmount('-1.5', 2, 6, { allowNegative: true })).toBe(-150n);
    expect(parseAmount('-.5', 2, 6, { allowNegative: true })).toBe(-50n);
    expect(parseAmount('-0', 2, 6, { allowNegative: true })).toBe(0n);
    expect(() => parseAmount('-0.001', 2, 6, { allowNegative: true })).toThrow(AmountPrecisionError);
  });

  it.each([-1, 1.5, 78, Number.NaN, Infinity])(
    'rejects %s as decimals or precision with a RangeError',
    (bad) => {
      expect(() => parseAmount('1', bad)).toThrow(RangeError);
      expect(() => parseAmount('1', 18, bad)).toThrow(RangeError);
    },
  );
});

describe('tryParseAmount', () => {
  it('returns the units or the typed error', () => {
    expect(tryParseAmount('1.5', 2)).toEqual({ ok: true, units: 150n });
    const invalid = tryParseAmount('x', 2);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.error.code).toBe('AMOUNT_INVALID');
    const precise = tryParseAmount('1.234', 18, 2);
    expect(precise.ok).toBe(false);
    if (!precise.ok)
      expect(precise.error.message).toBe('Amount decimal places must be less than or equal to 2');
    expect(tryParseAmount('-2', 0, 0, { allowNegative: true })).toEqual({ ok: true, units: -2n });
  });

  it('still throws programming errors', () => {
    expect(() => tryParseAmount('1', -1)).toThrow(RangeError);
  });
});

describe('toDecimalString', () => {
  it.each([
    [1_500_000n, 6, '1.5'],
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [-1n, 2, '-0.01'],
    [100n, 0, '100'],
    [10n ** 77n, 77, '1'],
    [-1500n, 3, '-1.5'],
    [E18 * 123n + 4n, 18, '123.000000000000000004'],
    [2n ** 200n, 18, '1606938044258990275541962092341162602522202.993782792835301376'],
  ])('%s with %i decimals is %j', (units, decimals, expected) => {
    expect(toDecimalString(units, decimals)).toBe(expected);
  });

  it('rejects bad decimals', () => {
    expect(() => toDecimalString(1n, 78)).toThrow(RangeError);
  });
});

describe('amountToJson / amountFromJson', () => {
  it('round-trips integer strings', () => {
    for (const value of [0n, 1n, -1n, 2n ** 256n, -(10n ** 77n)]) {
      expect(amountToJson(value)).toBe(value.toString());
      expect(amountFromJson(amountToJson(value))).toBe(value);
    }
    expect(amountFromJson('-0')).toBe(0n);
    expect(amountFromJson('0007')).toBe(7n);
  });

  it.each(['', '1.0', '1e3', ' 1', '1 ', '+1', '0x1', '١', '-', '1n', 'null'])('rejects %j', (text) => {
    expect(() => amountFromJson(text)).toThrow(AmountInvalidError);
  });

  it('rejects non-strings at runtime', () => {
    expect(() => amountFromJson(5 as unknown as string)).toThrow(AmountInvalidError);
    expect(() => amountFromJson(null as unknown as string)).toThrow(AmountInvalidError);
  });
});
