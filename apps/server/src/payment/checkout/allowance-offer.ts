// The allowance a subscription checkout asks the wallet to approve: N paid billing periods of the
// plan (the session's `subscription_data.allowance_periods`, else the first recurring price's
// `metadata.allowance_periods`, else 12), each period priced as the renewal will bill it (recurring
// licensed lines at full price; metered usage is unknown ahead and a trial does not lower it).
import type { AllowanceOffer } from '@payshelf/api';
import { allowancePeriods, lineTotal, normalizeRecurring } from '@payshelf/money';
import { allowanceOfferFor, type PayingWith } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';
import { loadPrices, priceOf, toRuleItem } from '../line-items/index.js';
import type { SessionRow } from './repo.js';

function metadataPeriods(metadata: Record<string, unknown>): number | undefined {
  const value = Number(metadata.allowance_periods);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The offer for a subscription session paying in `paying`'s currency; null in payment mode or on a native coin. */
export async function checkoutAllowanceOffer(
  db: DbLike,
  paying: PayingWith,
  row: SessionRow,
): Promise<AllowanceOffer | null> {
  if (row.mode !== 'subscription' || !paying.asset.contract) return null;
  const prices = await loadPrices(db, row.lineItems, row.livemode);
  let perPeriod = 0n;
  let first: ReturnType<typeof priceOf> | null = null;
  for (const item of row.lineItems) {
    const price = priceOf(prices, item.upsell_price_id ?? item.price_id);
    if (price.type !== 'recurring' || !price.recurringInterval) continue;
    first ??= price;
    perPeriod += lineTotal(toRuleItem(item, prices), paying.currency.id, { trialing: false });
  }
  if (!first?.recurringInterval) return null;
  const { interval, count } = normalizeRecurring({
    interval: first.recurringInterval,
    interval_count: first.recurringIntervalCount,
  });
  const periods = allowancePeriods(row.subscriptionData?.allowance_periods, metadataPeriods(first.metadata));
  return allowanceOfferFor(paying, { perPeriod, periods, interval, intervalCount: count });
}
