// What a completed checkout bills: its paid invoice and, in subscription mode, one subscription per
// billing interval of its recurring lines (plan.ts). Runs inside the completion's transaction, after
// the session row is locked, so a crash keeps all or nothing and a second run finds what the first made.
import type { Subscription } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { isTrialing, lineTotal, normalizeRecurring } from '@payshelf/money';
import { invoiceItems, invoices, subscriptionItems, subscriptions } from '../../db/schema/index.js';
import { loadPrices, priceOf, toRuleItem, type PriceMap } from '../checkout/lines.js';
import type { SessionRow } from '../checkout/repo.js';
import type { IntentRow } from '../intents/repo.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { nextInvoiceNumber } from './invoice-number.js';
import { planSubscriptions, type PlannedSubscription } from './plan.js';
import { getInvoice, type InvoiceRow } from './repo.js';
import { subscriptionItemObject, subscriptionObject } from './serialize.js';

export interface CheckoutBill {
  invoice: InvoiceRow;
  /** Created by this run, first one first (none in payment mode, nor when the session was billed before). */
  created: Subscription[];
  /** Every subscription of the session, first one first. */
  subscriptionIds: string[];
}

/**
 * now() is the transaction's start, the same for every row it writes; rows listed in the order they
 * were made (invoice lines, items, the subscriptions of one checkout) take the real clock instead.
 */
const insertedAt = sql`clock_timestamp()`;

function effectivePriceId(item: SessionRow['lineItems'][number]): string {
  return item.upsell_price_id ?? item.price_id;
}

function planFor(session: SessionRow, prices: PriceMap, now: Date): PlannedSubscription[] {
  if (session.mode !== 'subscription') return [];
  const lines = session.lineItems.map((item) => {
    const price = priceOf(prices, effectivePriceId(item));
    const recurring = price.recurringInterval
      ? { interval: price.recurringInterval, interval_count: price.recurringIntervalCount }
      : null;
    return { priceId: price.id, quantity: item.quantity, recurring };
  });
  return planSubscriptions(lines, { data: session.subscriptionData, currencyId: session.currencyId }, now);
}

/** The group (and so the period) a line bills for, or undefined for a one-time line. */
function groupOf(plan: PlannedSubscription[], prices: PriceMap, priceId: string) {
  const price = priceOf(prices, priceId);
  if (!price.recurringInterval) return undefined;
  const { interval, count } = normalizeRecurring({
    interval: price.recurringInterval,
    interval_count: price.recurringIntervalCount,
  });
  return plan.findIndex((p) => p.interval === interval && p.intervalCount === count);
}

async function insertSubscriptions(
  tx: DbLike,
  session: SessionRow,
  intent: IntentRow,
  plan: PlannedSubscription[],
  ids: string[],
  invoiceId: string,
): Promise<Subscription[]> {
  const created: Subscription[] = [];
  for (const [index, group] of plan.entries()) {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        id: ids[index] ?? newId('sub'),
        livemode: session.livemode,
        status: group.status,
        customerId: intent.customerId ?? session.customerId ?? '',
        currencyId: session.currencyId,
        defaultPaymentMethodId: intent.paymentMethodId,
        recurringInterval: group.interval,
        recurringIntervalCount: group.intervalCount,
        billingThresholdAmount: session.subscriptionData?.billing_threshold_amount
          ? BigInt(session.subscriptionData.billing_threshold_amount)
          : null,
        startDate: group.start,
        currentPeriodStart: group.start,
        currentPeriodEnd: group.periodEnd,
        trialStart: group.trialStart,
        trialEnd: group.trialEnd,
        latestInvoiceId: invoiceId,
        checkoutSessionId: session.id,
        createdAt: insertedAt,
      })
      .returning();
    if (!row) throw new Error('subscription insert failed');
    const items = [];
    for (const item of group.items) {
      const [itemRow] = await tx
        .insert(subscriptionItems)
        .values({
          id: newId('si'),
          livemode: session.livemode,
          subscriptionId: row.id,
          priceId: item.priceId,
          quantity: item.quantity,
          createdAt: insertedAt,
        })
        .returning();
      if (itemRow) items.push(subscriptionItemObject(itemRow));
    }
    created.push(subscriptionObject(row, items));
  }
  return created;
}

/**
 * Writes the paid invoice of a completed checkout and creates its subscriptions. The invoice carries
 * the first subscription and its period, each line the period of the subscription it belongs to
 * (none for one-time lines) and what it cost today (recurring lines are 0 while trialing, metered
 * lines always). The invoice takes the mode's next number (invoice-number.ts), so this must run in
 * the transaction that completes the checkout. A session already billed (it has its invoice) gets back
 * what the first run made.
 */
export async function billCheckout(
  tx: DbLike,
  session: SessionRow,
  intent: IntentRow,
  details: Record<string, unknown>,
): Promise<CheckoutBill> {
  const billed = session.invoiceId ? await getInvoice(tx, session.invoiceId, session.livemode) : null;
  if (billed) return { invoice: billed, created: [], subscriptionIds: session.subscriptionIds };
  const prices = await loadPrices(tx, session.lineItems, session.livemode);
  const now = new Date();
  const plan = planFor(session, prices, now);
  const ids = plan.map(() => newId('sub'));
  const trialing = isTrialing(session.subscriptionData, session.currencyId, Math.floor(now.getTime() / 1000));
  const first = plan[0];
  const invoiceId = newId('in');
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: invoiceId,
      livemode: session.livemode,
      number: await nextInvoiceNumber(tx, session.livemode),
      status: 'paid',
      billingReason: session.mode === 'subscription' ? 'subscription_create' : 'manual',
      customerId: intent.customerId ?? '',
      currencyId: intent.currencyId,
      paymentMethodId: intent.paymentMethodId,
      subtotal: session.amountSubtotal,
      total: session.amountTotal,
      amountDue: intent.amount,
      amountPaid: intent.amount,
      amountRemaining: 0n,
      paymentIntentId: intent.id,
      subscriptionId: ids[0] ?? null,
      periodStart: first?.start ?? null,
      periodEnd: first?.periodEnd ?? null,
      checkoutSessionId: session.id,
      description: intent.description,
      metadata: { payment_details: details },
    })
    .returning();
  if (!invoice) throw new Error('invoice insert failed');
  for (const item of session.lineItems) {
    const group = plan[groupOf(plan, prices, effectivePriceId(item)) ?? -1];
    await tx.insert(invoiceItems).values({
      id: newId('ii'),
      livemode: session.livemode,
      invoiceId,
      priceId: effectivePriceId(item),
      quantity: item.quantity,
      amount: lineTotal(toRuleItem(item, prices), session.currencyId, { trialing }),
      periodStart: group?.start ?? null,
      periodEnd: group?.periodEnd ?? null,
      createdAt: insertedAt,
    });
  }
  const created = await insertSubscriptions(tx, session, intent, plan, ids, invoiceId);
  return { invoice, created, subscriptionIds: ids };
}
