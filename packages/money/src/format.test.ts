import { describe, expect, it } from 'vitest';

import { formatAmount } from './amount.js';

const E18 = 10n ** 18n;

describe('formatAmount without a locale', () => {
  it('defaults to 18 decimals, precision 6, grouping and trimmed zeros', () => {
    expect(formatAmount(E18)).toBe('1');
    expect(formatAmount(1_234_567n * E18)).toBe('1,234,567');
    expect(formatAmount(E18 + E18 / 2n)).toBe('1.5');
    expect(formatAmount(1n)).toBe('0');
    expect(formatAmount(10n ** 12n)).toBe('0.000001');
  });

  it('is exact where the reference (numbro on JS numbers) was not', () => {
    expect(formatAmount(123456789012345678123456n, 6)).toBe('123,456,789,012,345,678.123456');
    expect(formatAmount(123n, 9, { precision: 9 })).toBe('0.000000123');
    expect(formatAmount(2n ** 200n, 0)).toBe(
      '1,606,938,044,258,990,275,541,962,092,341,162,602,522,202,993,782,792,835,301,376',
    );
  });

  it('cuts toward zero, never rounding up', () => {
    expect(formatAmount(1_999_999n, 6, { precision: 2 })).toBe('1.99');
    expect(formatAmount(-1_999_999n, 6, { precision: 2 })).toBe('-1.99');
    expect(formatAmount(999_999_999_999_999_999n, 18)).toBe('0.999999');
    expect(formatAmount(19n, 1, { precision: 0 })).toBe('1');
  });

  it('never shows a minus sign on a value that cuts to zero', () => {
    expect(formatAmount(-1n, 18)).toBe('0');
    expect(formatAmount(-1n, 18, { trimZeros: false })).toBe('0.000000');
    expect(formatAmount(-1n, 18, { locale: 'en' })).toBe('0');
    expect(formatAmount(0n, 2)).toBe('0');
  });

  it('pads to the shown precision when trimZeros is false', () => {
    expect(formatAmount(1_500_000n, 6, { precision: 2, trimZeros: false })).toBe('1.50');
    expect(formatAmount(0n, 6, { precision: 2, trimZeros: false })).toBe('0.00');
    expect(formatAmount(7n, 0, { trimZeros: false })).toBe('7');
  });

  it('never shows more digits than the currency has', () => {
    expect(formatAmount(150n, 2, { precision: 6 })).toBe('1.5');
    expect(formatAmount(150n, 2, { precision: 6, trimZeros: false })).toBe('1.50');
  });

  it('groups only when asked', () => {
    expect(formatAmount(12_345_675n, 1, { grouping: false })).toBe('1234567.5');
    expect(formatAmount(1_234n, 0)).toBe('1,234');
    expect(formatAmount(123n, 0)).toBe('123');
    expect(formatAmount(-1_234_567n, 0)).toBe('-1,234,567');
  });

  it('rejects bad decimals or precision', () => {
    expect(() => formatAmount(1n, 78)).toThrow(RangeError);
    expect(() => formatAmount(1n, 18, { precision: -1 })).toThrow(RangeError);
    expect(() => formatAmount(1n, 18, { precision: 2.5 })).toThrow(RangeError);
  });
});

describe('formatAmount with a locale', () => {
  const big = 123456789012345678123456n;

  it('uses the locale separators with exact digits', () => {
    expect(formatAmount(big, 6, { locale: 'en-US' })).toBe('123,456,789,012,345,678.123456');
    expect(formatAmount(big, 6, { locale: 'de-DE' })).toBe('123.456.789.012.345.678,123456');
    expect(formatAmount(big, 6, { locale: 'en-IN' })).toBe('1,23,45,67,89,01,23,45,678.123456');
    expect(formatAmount(big, 6, { locale: 'zh-CN' })).toBe('123,456,789,012,345,678.123456');
  });

  it('matches Intl.NumberFormat on the same decimal string', () => {
    for (const locale of ['fr-FR', 'ar-EG', 'he-IL', 'hi-IN', 'de-CH', 'ja-JP']) {
      const expected = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(formatAmount(-123_456_789n, 2, { locale })).toBe(expected.format('-1234567.89'));
      expect(formatAmount(150n, 2, { locale })).toBe(
        new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format('1.5'),
      );
    }
  });

  it('uses the locale digits in the fraction', () => {
    expect(formatAmount(12_345n, 1, { locale: 'ar-EG' })).toBe(
      new Intl.NumberFormat('ar-EG').format('1234.5'),
    );
    expect(formatAmount(12_345n, 1, { locale: 'ar-EG' })).toContain('٫٥');
  });

  it('turns grouping off', () => {
    expect(formatAmount(big, 6, { locale: 'de-DE', grouping: false })).toBe('123456789012345678,123456');
  });

  it('shows more fraction digits than Intl allows (20)', () => {
    expect(formatAmount(1n, 30, { locale: 'de-DE', precision: 30 })).toBe(`0,${'0'.repeat(29)}1`);
    expect(formatAmount(-(10n ** 77n) - 1n, 77, { locale: 'en', precision: 77 })).toBe(
      `-1.${'0'.repeat(76)}1`,
    );
  });

  it('keeps the minus sign for negative amounts below one', () => {
    expect(formatAmount(-5n, 1, { locale: 'en' })).toBe('-0.5');
    expect(formatAmount(-5n, 1, { locale: 'de' })).toBe('-0,5');
  });

  it('throws Intl errors for an invalid locale', () => {
    expect(() => formatAmount(1n, 2, { locale: 'not a locale!' })).toThrow(RangeError);
  });
});

describe('formatAmount locale cache', () => {
  it('stays correct after many distinct locales', () => {
    for (let index = 0; index < 100; index += 1) {
      expect(formatAmount(12_345n, 1, { locale: `en-x-p${index}` })).toBe('1,234.5');
    }
    expect(formatAmount(12_345n, 1, { locale: 'de' })).toBe('1.234,5');
  });
});
