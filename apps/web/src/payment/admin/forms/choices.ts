import type { PaymentCurrency } from '@payshelf/api';

/** Select choices: each value with its label. */
export function choices<const T extends string>(
  values: readonly T[],
  label: (value: T) => string,
): Array<{ value: T; label: string }> {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A payment currency as a choice: "SYMBOL · Name". */
export function currencyChoice(c: PaymentCurrency): { value: string; label: string } {
  return { value: c.id, label: `${c.symbol} · ${c.name}` };
}
