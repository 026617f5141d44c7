// Usage of metered subscription items (Stripe's usage records): each record is `increment` (adds to
// the period's running total) or `set` (the total is this value from then on). A period's usage per
// price is that running total at the period's end (aggregate_usage sum) or the last record's quantity
// (last_during_period). The renewal invoice bills it once: it is written in the transaction that
// creates the cycle invoice, which is unique per (subscription, period).
import type { UsageRecord, UsageRecordCreate } from '@payshelf/api';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { ApiError } from '../../../core/http/errors.js';
import type { SubscriptionRefusal } from '../../../core/http/error-catalog-billing.js';
import { subscriptionItems, usageRecords } from '../../../db/schema/index.js';
import { getPrices } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { iso } from '../../shared/time.js';
import { billingNow } from '../clocks/repo.js';
import { itemsOfSubscriptions, type SubscriptionRow } from '../repo.js';
import { lockSubscription } from './lifecycle.js';
import { meterUsageOfPeriod } from './meter-usage.js';
import { renews } from './machine.js';

type Ctx = Pick<PaymentContext, 'db'>;
type UsageRow = typeof usageRecords.$inferSelect;

/** An invoice line's quantity is an int4: a period's usage must stay below it. */
const MAX_PERIOD_USAGE = 2_147_483_647;

export interface UsageEntry {
  quantity: number;
  action: 'increment' | 'set';
}

/** One item's usage of a period from its records in time order. */
export function aggregateUsage(records: readonly UsageEntry[], aggregate: 'sum' | 'last_during_period') {
  if (aggregate === 'last_during_period') return records.at(-1)?.quantity ?? 0;
  return records.reduce((total, r) => (r.action === 'set' ? r.quantity : total + r.quantity), 0);
}

/**
 * Usage per price id within [start, end): every record of the subscription in the period, on its
 * current items and on items removed during the period (a record keeps its price), so usage recorded
 * before an item was removed is still billed by the next invoice.
 */
export async function usageOfPeriod(
  tx: DbLike,
  sub: SubscriptionRow,
  period: { start: Date; end: Date },
): Promise<Map<string, number>> {
  const rows = await tx
    .select()
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.subscriptionId, sub.id),
        gte(usageRecords.timestamp, period.start),
        lt(usageRecords.timestamp, period.end),
      ),
    )
    .orderBy(asc(usageRecords.timestamp), asc(usageRecords.createdAt), asc(usageRecords.id));
  const items = (await itemsOfSubscriptions(tx, [sub.id])).get(sub.id) ?? [];
  const itemPrice = new Map(items.map((i) => [i.id, i.priceId]));
  const priceOf = (r: UsageRow) => r.priceId ?? itemPrice.get(r.subscriptionItemId) ?? null;
  const priceIds = [...new Set([...items.map((i) => i.priceId), ...rows.map(priceOf)])].filter(
    (id): id is string => id !== null,
  );
  const prices = await getPrices(tx, priceIds, sub.livemode);
  const usage = new Map<string, number>();
  for (const priceId of priceIds) {
    const price = prices.find((p) => p.id === priceId);
    const mine = rows
      .filter((r) => priceOf(r) === priceId)
      .map((r) => ({ quantity: Number(r.quantity), action: r.action }));
    usage.set(priceId, aggregateUsage(mine, price?.recurringAggregateUsage ?? 'sum'));
  }
  for (const [priceId, used] of await meterUsageOfPeriod(tx, sub, prices, period)) usage.set(priceId, used);
  return usage;
}

export function usageRecordObject(row: UsageRow): UsageRecord {
  return {
    id: row.id,
    object: 'usage_record',
    livemode: row.livemode,
    subscription_item: row.subscriptionItemId,
    quantity: Number(row.quantity),
    action: row.action,
    timestamp: iso(row.timestamp),
  };
}

const bad = (key: SubscriptionRefusal, param?: string) => ApiError.of(key, {}, { param });

/**
 * Records usage of a metered item, at `timestamp` (default: now on the subscription's clock), which
 * must fall in the current period of a subscription that still bills. Under the subscription's lock,
 * so a renewal never bills a period while a record for it is being written.
 */
export async function recordUsage(
  ctx: Ctx,
  itemId: string,
  livemode: boolean,
  input: UsageRecordCreate,
): Promise<UsageRecord> {
  const missing = () => ApiError.missing('subscription_item_missing', itemId);
  const [peek] = await ctx.db
    .select()
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.id, itemId), eq(subscriptionItems.livemode, livemode)));
  if (!peek) throw missing();
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, peek.subscriptionId);
    if (!sub || sub.livemode !== livemode) throw missing();
    const [price] = await getPrices(tx, [peek.priceId], livemode);
    if (price?.recurringUsageType !== 'metered') throw bad('sub_usage_metered_only');
    if (!renews(sub.status))
      throw ApiError.of('subscription_state', { status: sub.status, action: 'billed for usage' });
    const at = input.timestamp ? new Date(input.timestamp) : await billingNow(tx, sub.testClockId);
    if (at < sub.currentPeriodStart || at >= sub.currentPeriodEnd) {
      throw bad('sub_usage_outside_period', 'timestamp');
    }
    const [row] = await tx
      .insert(usageRecords)
      .values({
        id: newId('mbur'),
        livemode,
        subscriptionItemId: itemId,
        subscriptionId: sub.id,
        priceId: peek.priceId,
        quantity: BigInt(input.quantity),
        action: input.action,
        timestamp: at,
      })
      .returning();
    if (!row) throw new Error('usage record not written');
    const usage = await usageOfPeriod(tx, sub, { start: sub.currentPeriodStart, end: sub.currentPeriodEnd });
    if ((usage.get(peek.priceId) ?? 0) > MAX_PERIOD_USAGE) {
      throw ApiError.of('sub_usage_too_large', { max: String(MAX_PERIOD_USAGE) }, { param: 'quantity' });
    }
    return usageRecordObject(row);
  });
}
