import { describe, expect, it } from 'vitest';
import { formatUnits } from './format.js';
import { printable } from './invoice-pdf.js';

describe('formatUnits', () => {
  it('writes smallest units as a decimal without trailing zeros', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(5n, 6)).toBe('0.000005');
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(-25n, 1)).toBe('-2.5');
  });
});

describe('printable', () => {
  it('keeps Latin-1 text and replaces what the standard font cannot draw', () => {
    expect(printable('Café 42')).toBe('Café 42');
    expect(printable('张三 Zhang')).toBe('?? Zhang');
  });
});
