// The upcoming invoice (Stripe's preview): the renewal invoice the subscription will get at its
// current period's end, built by the same code as the real one (lines.ts, the same balance rule), and
// with a proposed change (items or quantity) what that change bills now and the renewal after it.
// Reads only: nothing is locked or written.
import type { UpcomingInvoice, UpcomingInvoiceLine, UpcomingInvoiceQuery } from '@payshelf/api';
import { applyBalance, type BalanceApplication } from '@payshelf/money';
import { ApiError } from '../../../core/http/errors.js';
import type { SubscriptionRefusal } from '../../../core/http/error-catalog-billing.js';
import { balanceOf } from '../../balances/index.js';
import type { PaymentContext } from '../../shared/context.js';
import { billingNow } from '../clocks/repo.js';
import { itemsOfSubscriptions, type SubscriptionRow } from '../repo.js';
import { currentItems, periodInvoiceLines, type BilledLine, type ItemInput } from './lines.js';
import { renews } from './machine.js';
import { planChange } from './plan-change.js';
import { anchorOf } from './renewal.js';
import { nextPeriod } from './schedule.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

function lineObject(line: BilledLine): UpcomingInvoiceLine {
  return {
    price_id: line.priceId,
    description: line.description,
    quantity: line.quantity,
    amount: line.amount.toString(),
    period_start: line.periodStart.toISOString(),
    period_end: line.periodEnd.toISOString(),
    proration: line.proration,
    metered: line.metered,
  };
}

function applicationObject(a: BalanceApplication) {
  return {
    starting_balance: a.startingBalance.toString(),
    applied_balance: a.appliedBalance.toString(),
    amount_due: a.amountDue.toString(),
    ending_balance: a.endingBalance.toString(),
  };
}

const bad = (key: SubscriptionRefusal, param?: string) => ApiError.of(key, {}, { param });

/** The proposed items of the query: `items` (price_id:quantity,…) or `quantity` of a one-item subscription. */
async function proposedItems(
  ctx: Ctx,
  sub: SubscriptionRow,
  query: UpcomingInvoiceQuery,
): Promise<ItemInput[] | null> {
  if (query.items && query.quantity) throw bad('sub_items_or_quantity', 'quantity');
  if (query.items) {
    return query.items.split(',').map((pair) => {
      const [priceId = '', quantity = '0'] = pair.split(':');
      const n = Number(quantity);
      if (n < 1) throw bad('sub_items_quantity_min', 'items');
      return { priceId, quantity: n };
    });
  }
  if (!query.quantity) return null;
  const rows = (await itemsOfSubscriptions(ctx.db, [sub.id])).get(sub.id) ?? [];
  const [only] = rows;
  if (rows.length !== 1 || !only) throw bad('sub_quantity_one_item', 'quantity');
  const n = Number(query.quantity);
  if (n < 1) throw bad('sub_quantity_min', 'quantity');
  return [{ priceId: only.priceId, quantity: n }];
}

/**
 * The time a preview prorates at, in whole seconds (as Stripe's proration_date): the preview is
 * computed at exactly the time it answers, so sending that time back bills exactly what was shown. A
 * period that began within the same second is not left behind by the rounding (the change would then
 * be refused as before its period): the time is the period's start instead.
 */
export function previewTime(asked: Date, periodStart: Date): Date {
  const whole = new Date(Math.floor(asked.getTime() / 1000) * 1000);
  return whole < periodStart && asked >= periodStart ? periodStart : whole;
}

export async function upcomingInvoiceOf(
  ctx: Ctx,
  sub: SubscriptionRow,
  query: UpcomingInvoiceQuery,
): Promise<UpcomingInvoice> {
  if (!renews(sub.status) || sub.cancelAtPeriodEnd) {
    throw ApiError.of('subscription_state', { status: sub.status, action: 'renewed (no upcoming invoice)' });
  }
  const { db } = ctx;
  const now = await billingNow(db, sub.testClockId);
  const balance = await balanceOf(db, sub.customerId, sub.currencyId);
  const proposed = await proposedItems(ctx, sub, query);
  let items = (await currentItems(ctx, db, sub)).priced;
  let balanceAfter = balance;
  let proration: UpcomingInvoice['proration'] = null;
  if (proposed) {
    const at = previewTime(
      query.proration_date ? new Date(query.proration_date) : now,
      sub.currentPeriodStart,
    );
    const behavior = query.proration_behavior ?? 'create_prorations';
    const planned = await planChange(ctx, db, sub, { items: proposed, behavior, at });
    const { plan } = planned;
    items = planned.to;
    balanceAfter = plan.invoice ? plan.invoice.endingBalance : balance + plan.credit;
    proration = {
      proration_date: at.toISOString(),
      proration_behavior: sub.status === 'trialing' ? 'none' : behavior,
      lines: planned.lines.map(lineObject),
      net: plan.net.toString(),
      invoice: plan.invoice
        ? { total: plan.invoice.total.toString(), ...applicationObject(plan.invoice) }
        : null,
      credit: plan.credit.toString(),
      pending: plan.pending,
    };
  }
  const next = nextPeriod(
    anchorOf(sub),
    { interval: sub.recurringInterval, intervalCount: sub.recurringIntervalCount },
    sub.currentPeriodEnd,
  );
  const lines = await periodInvoiceLines(db, sub, { items, period: next, trial: false, metered: true });
  const total = lines.reduce((sum, l) => sum + l.amount, 0n);
  return {
    object: 'upcoming_invoice',
    subscription_id: sub.id,
    customer_id: sub.customerId,
    currency_id: sub.currencyId,
    billing_reason: 'subscription_cycle',
    period_start: next.start.toISOString(),
    period_end: next.end.toISOString(),
    next_payment_attempt: sub.currentPeriodEnd.toISOString(),
    lines: lines.map(lineObject),
    subtotal: total.toString(),
    total: total.toString(),
    ...applicationObject(applyBalance(total, balanceAfter)),
    proration,
  };
}
