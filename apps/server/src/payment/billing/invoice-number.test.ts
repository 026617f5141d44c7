import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './invoice-number.js';

describe('formatInvoiceNumber', () => {
  it('pads to six digits and keeps every digit past them', () => {
    expect(formatInvoiceNumber(1n)).toBe('INV-000001');
    expect(formatInvoiceNumber(42n)).toBe('INV-000042');
    expect(formatInvoiceNumber(999_999n)).toBe('INV-999999');
    expect(formatInvoiceNumber(1_000_000n)).toBe('INV-1000000');
    expect(formatInvoiceNumber(12_345_678_901n)).toBe('INV-12345678901');
  });

  it('refuses a sequence below 1 (the counter starts at 1)', () => {
    expect(() => formatInvoiceNumber(0n)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(-3n)).toThrow(RangeError);
  });
});
