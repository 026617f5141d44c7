// Which subscriptions a completed checkout creates (pure): its recurring lines grouped by billing
// interval, each group one subscription, with its status and first period.
import { addInterval, normalizeRecurring, trialEndSeconds, type RecurringInterval } from '@payshelf/money';
import type { StoredSubscriptionData } from '../../db/schema/index.js';

export interface PlanLine {
  /** The price the customer bought: the upsell price when switched, else the line's price. */
  priceId: string;
  quantity: number;
  /** Null for a one-time price (billed once on the first invoice, not part of a subscription). */
  recurring: { interval: string; interval_count?: number | null } | null;
}

export interface PlannedSubscription {
  interval: RecurringInterval;
  intervalCount: number;
  /** One entry per price; a price on two lines is one item with the summed quantity. */
  items: Array<{ priceId: string; quantity: number }>;
  status: 'trialing' | 'active';
  start: Date;
  periodEnd: Date;
  trialStart: Date | null;
  trialEnd: Date | null;
}

/**
 * Groups the recurring lines by (interval, interval_count), in the order they first appear, so the
 * first subscription is the one of the first recurring line. Metered lines belong to their group like
 * licensed ones. While trialing (the trial that applies to the paid currency, see trialEndSeconds)
 * every subscription is `trialing` and its first period ends with the trial; otherwise it is `active`
 * and the period is one interval (calendar months for month and year).
 */
export function planSubscriptions(
  lines: readonly PlanLine[],
  trial: { data: StoredSubscriptionData | null; currencyId: string },
  now: Date,
): PlannedSubscription[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const trialEnd = trialEndSeconds(trial.data, trial.currencyId, nowSeconds);
  const groups = new Map<string, PlannedSubscription>();
  for (const line of lines) {
    if (!line.recurring) continue;
    const { interval, count } = normalizeRecurring(line.recurring);
    const key = `${interval}/${count}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        interval,
        intervalCount: count,
        items: [],
        status: trialEnd === null ? 'active' : 'trialing',
        start: now,
        periodEnd:
          trialEnd === null
            ? addInterval(now, { interval, interval_count: count })
            : new Date(trialEnd * 1000),
        trialStart: trialEnd === null ? null : now,
        trialEnd: trialEnd === null ? null : new Date(trialEnd * 1000),
      };
      groups.set(key, group);
    }
    const same = group.items.find((i) => i.priceId === line.priceId);
    if (same) same.quantity += line.quantity;
    else group.items.push({ priceId: line.priceId, quantity: line.quantity });
  }
  return [...groups.values()];
}
