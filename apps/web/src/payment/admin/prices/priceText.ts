import type { PaymentCurrency, Price } from '@payshelf/api';
import { formatAmount, MAX_DECIMALS } from '@payshelf/money';

type Shown = Pick<PaymentCurrency, 'decimal' | 'symbol'>;

/** Smallest units as an exact human amount with the currency symbol ("12.5 TUSD"); raw units without one. */
export function moneyText(units: string | null | undefined, currency: Shown | undefined): string {
  if (units === null || units === undefined || !/^-?\d+$/.test(units)) return '—';
  if (!currency) return units;
  const decimals = Math.min(currency.decimal, MAX_DECIMALS);
  return `${formatAmount(BigInt(units), decimals, { precision: decimals })} ${currency.symbol}`;
}

export type PriceKind = 'fixed' | 'custom' | 'tiered';

export function priceKind(price: Pick<Price, 'billing_scheme' | 'custom_unit_amount'>): PriceKind {
  if (price.billing_scheme === 'tiered') return 'tiered';
  return price.custom_unit_amount ? 'custom' : 'fixed';
}

/** A price's amount column: the amount, the customer's range, or the first tier's unit amount. */
export function priceAmountText(price: Price, currency: Shown | undefined): string {
  switch (priceKind(price)) {
    case 'tiered':
      return moneyText(price.tiers?.[0]?.unit_amount, currency);
    case 'custom': {
      const c = price.custom_unit_amount;
      const min = c?.minimum ? moneyText(c.minimum, currency) : '0';
      return c?.maximum ? `${min} – ${moneyText(c.maximum, currency)}` : `≥ ${min}`;
    }
    default:
      return moneyText(price.unit_amount, currency);
  }
}
