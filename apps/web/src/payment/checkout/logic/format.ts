import { formatAmount, type RecurringDescriptor } from '@payshelf/money';
import type { PaymentCurrency } from '@payshelf/api';

/** "9.9 TUSD": exact, cut at the currency's precision, grouped for the locale. */
export function money(
  units: bigint,
  currency: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'>,
  locale: string,
) {
  const precision = Math.min(currency.maximum_precision || 6, currency.decimal);
  return `${formatAmount(units, currency.decimal, { precision, locale })} ${currency.symbol}`;
}

/** The translation key and values of a recurring descriptor. */
export function recurringKey(descriptor: RecurringDescriptor) {
  if (descriptor.kind === 'every') {
    return { key: 'every' as const, count: descriptor.count, interval: descriptor.interval };
  }
  return { key: descriptor.key, count: descriptor.count, interval: descriptor.interval };
}
