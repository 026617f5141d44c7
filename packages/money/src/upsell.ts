// The saving shown on an upsell offer, from two prices in the chosen currency.

import { upsellSavingPercent } from './interval.js';
import { unitAmountOrNull } from './lineitems.js';
import type { Price } from './price.js';

/**
 * Whole percent saved by switching `from` to the upsell price `to` in `currencyId`. 0 when either
 * price is not recurring or has no amount in the currency: there is nothing to compare then.
 */
export function priceUpsellSaving(from: Price, to: Price, currencyId: string): number {
  if (from.type !== 'recurring' || to.type !== 'recurring' || !from.recurring || !to.recurring) return 0;
  const fromAmount = unitAmountOrNull(from, currencyId);
  const toAmount = unitAmountOrNull(to, currencyId);
  if (fromAmount === null || toAmount === null) return 0;
  return upsellSavingPercent(
    { amount: fromAmount, recurring: from.recurring },
    { amount: toAmount, recurring: to.recurring },
  );
}
