// What the usage of the open periods would bill now (`GET /meter-events/pending-amount`): per
// renewing subscription of the customer and metered price with a meter, the meter's usage since the
// period began, priced as the renewal will price it (tiers included).
import { and, eq, inArray } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema/index.js';
import { getMeter, meterUsage } from '../../meters/index.js';
import type { PaymentContext } from '../../shared/context.js';
import { currentItems, meteredAmount } from './lines.js';
import { usageSpanStart } from './meter-usage.js';

export interface PendingUsage {
  subscription_id: string;
  price_id: string;
  meter_id: string;
  currency_id: string;
  quantity: string;
  amount: string;
}

export async function pendingUsage(
  ctx: Pick<PaymentContext, 'db'>,
  livemode: boolean,
  customerId: string,
  subscriptionId: string | undefined,
): Promise<PendingUsage[]> {
  const subs = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.livemode, livemode),
        eq(subscriptions.customerId, customerId),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        subscriptionId ? eq(subscriptions.id, subscriptionId) : undefined,
      ),
    );
  const out: PendingUsage[] = [];
  for (const sub of subs) {
    const { priced } = await currentItems(ctx, ctx.db, sub);
    for (const item of priced) {
      const meterId = item.price.recurringMeterId;
      if (!item.metered || !meterId) continue;
      const meter = await getMeter(ctx.db, meterId, livemode);
      if (!meter) continue;
      const period = { start: sub.currentPeriodStart, end: sub.currentPeriodEnd };
      const start = await usageSpanStart(ctx.db, sub.id, period);
      const used = await meterUsage(ctx.db, meter.id, customerId, meter.aggregationMethod, {
        ...period,
        start,
      });
      const quantity = Number(used);
      out.push({
        subscription_id: sub.id,
        price_id: item.priceId,
        meter_id: meter.id,
        currency_id: sub.currencyId,
        quantity: used.toString(),
        amount: (sub.status === 'trialing'
          ? 0n
          : meteredAmount(item.price, quantity, sub.currencyId)
        ).toString(),
      });
    }
  }
  return out;
}
