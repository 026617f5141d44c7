// Usage thresholds (`billing_threshold_amount`): when the metered usage of a subscription's open
// period, priced as the renewal would price it, reaches the threshold, a `subscription_threshold`
// invoice bills that usage at once, for [span start, now). The next threshold invoice and the renewal
// bill only the usage after it (their span starts at the latest threshold invoice's period end), so
// no event is billed twice. Checked after each batch of meter events, under the subscription lock.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { invoices, subscriptions } from '../../../db/schema/index.js';
import { getMeter, meterUsage } from '../../meters/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { billingNow } from '../clocks/repo.js';
import type { SubscriptionRow } from '../repo.js';
import { finishInvoice, invoiceValues } from './invoicing.js';
import { announceInvoice, lockSubscription } from './lifecycle.js';
import { currentItems, meteredAmount, type BilledLine } from './lines.js';
import { usageSpanStart } from './meter-usage.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

async function usageLines(tx: DbLike, ctx: Ctx, sub: SubscriptionRow, from: Date, to: Date) {
  const { priced } = await currentItems(ctx, tx, sub);
  const lines: BilledLine[] = [];
  for (const item of priced) {
    const meterId = item.price.recurringMeterId;
    if (!item.metered || !meterId) continue;
    const meter = await getMeter(tx, meterId, sub.livemode);
    if (!meter) continue;
    const used = Number(
      await meterUsage(tx, meter.id, sub.customerId, meter.aggregationMethod, { start: from, end: to }),
    );
    lines.push({
      priceId: item.priceId,
      quantity: used,
      amount: meteredAmount(item.price, used, sub.currencyId),
      periodStart: from,
      periodEnd: to,
      proration: false,
      metered: true,
      description: null,
    });
  }
  return lines;
}

/** One subscription: a threshold invoice when its unbilled usage reached the threshold. */
async function billThreshold(ctx: Ctx, id: string): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    const threshold = sub?.billingThresholdAmount;
    if (!sub || !threshold || (sub.status !== 'active' && sub.status !== 'past_due')) return null;
    const now = await billingNow(tx, sub.testClockId);
    if (now >= sub.currentPeriodEnd) return null;
    const from = await usageSpanStart(tx, sub.id, {
      start: sub.currentPeriodStart,
      end: sub.currentPeriodEnd,
    });
    if (now <= from) return null;
    // The span ends just after now, so an event stamped now (the default) is in it.
    const to = new Date(now.getTime() + 1);
    const lines = await usageLines(tx, ctx, sub, from, to);
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    if (total < threshold || total === 0n) return null;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        ...invoiceValues(ctx, sub, { reason: 'subscription_threshold', now }, lines, newId('in')),
        periodStart: from,
        periodEnd: to,
      })
      .returning();
    if (!invoice) throw new Error('threshold invoice not written');
    const finished = await finishInvoice(ctx, tx, invoice, lines, now, sub);
    await announceInvoice(ctx, tx, finished, 'invoice.created');
    return finished.id;
  });
}

/** After meter events of these customers: bills every subscription of theirs whose usage reached its threshold. */
export async function billUsageThresholds(
  ctx: Ctx,
  livemode: boolean,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const subs = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.livemode, livemode),
        inArray(subscriptions.customerId, [...customerIds]),
        inArray(subscriptions.status, ['active', 'past_due']),
        isNotNull(subscriptions.billingThresholdAmount),
      ),
    );
  const billed: string[] = [];
  for (const sub of subs) {
    const invoice = await billThreshold(ctx, sub.id);
    if (invoice) billed.push(invoice);
  }
  return billed;
}
