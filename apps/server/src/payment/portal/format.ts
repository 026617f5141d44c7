// Amounts and dates as a person reads them on a filed document (the PDF): decimal strings, no floats.

/** `units` smallest units of a currency with `decimals` places, trailing zeros dropped: 1500000, 6 → "1.5". */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A calendar day in UTC, `2026-11-25`. */
export const day = (at: Date): string => at.toISOString().slice(0, 10);
