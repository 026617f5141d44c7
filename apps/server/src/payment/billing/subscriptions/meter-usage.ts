// Usage of metered prices that name a meter (`recurring.meter_id`): the meter's events of the
// subscription's customer in the period, added up by the meter's aggregation (sum, count, last).
// These replace the price's usage records; tiers then apply to the quantity as for any metered price.
import { sql } from 'drizzle-orm';
import { getMeter, meterUsage } from '../../meters/index.js';
import type { PriceRow } from '../../catalog/index.js';
import type { DbLike } from '../../shared/db.js';
import type { SubscriptionRow } from '../repo.js';

/** Where the unbilled usage of `period` starts: after the latest threshold invoice inside it. */
export async function usageSpanStart(tx: DbLike, subId: string, period: { start: Date; end: Date }) {
  const { rows } = await tx.execute<{ end: Date | string | null }>(sql`
    SELECT max(period_end) AS end FROM invoices
    WHERE subscription_id = ${subId} AND billing_reason = 'subscription_threshold'
      AND period_end > ${period.start.toISOString()} AND period_end <= ${period.end.toISOString()}`);
  const end = rows[0]?.end;
  return end ? new Date(end) : period.start;
}

/** An invoice line's quantity is an int4: a period's usage above it bills that many units at most. */
const MAX_LINE_QUANTITY = 2_147_483_647n;

export async function meterUsageOfPeriod(
  tx: DbLike,
  sub: SubscriptionRow,
  prices: readonly PriceRow[],
  period: { start: Date; end: Date },
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  // Usage a threshold invoice already billed is not billed again.
  const span = { start: await usageSpanStart(tx, sub.id, period), end: period.end };
  for (const price of prices) {
    if (price.recurringUsageType !== 'metered' || !price.recurringMeterId) continue;
    const meter = await getMeter(tx, price.recurringMeterId, sub.livemode);
    if (!meter) continue;
    const used = await meterUsage(tx, meter.id, sub.customerId, meter.aggregationMethod, span);
    usage.set(price.id, Number(used < MAX_LINE_QUANTITY ? used : MAX_LINE_QUANTITY));
  }
  return usage;
}
