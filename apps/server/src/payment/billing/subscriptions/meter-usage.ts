// Usage of metered prices that name a meter (`recurring.meter_id`): the meter's events of the
// subscription's customer in the period, added up by the meter's aggregation (sum, count, last).
// These replace the price's usage records; tiers then apply to the quantity as for any metered price.
import { getMeter, meterUsage } from '../../meters/index.js';
import type { PriceRow } from '../../catalog/index.js';
import type { DbLike } from '../../shared/db.js';
import type { SubscriptionRow } from '../repo.js';

/** An invoice line's quantity is an int4: a period's usage above it bills that many units at most. */
const MAX_LINE_QUANTITY = 2_147_483_647n;

export async function meterUsageOfPeriod(
  tx: DbLike,
  sub: SubscriptionRow,
  prices: readonly PriceRow[],
  period: { start: Date; end: Date },
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (const price of prices) {
    if (price.recurringUsageType !== 'metered' || !price.recurringMeterId) continue;
    const meter = await getMeter(tx, price.recurringMeterId, sub.livemode);
    if (!meter) continue;
    const used = await meterUsage(tx, meter.id, sub.customerId, meter.aggregationMethod, period);
    usage.set(price.id, Number(used < MAX_LINE_QUANTITY ? used : MAX_LINE_QUANTITY));
  }
  return usage;
}
