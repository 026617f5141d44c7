// What a completed checkout bills: its invoice and, in subscription mode, one subscription per billing
// interval of its recurring lines (plan.ts). Runs inside the completion's transaction (flows/
// complete-checkout.ts), after the session row is locked, so a crash keeps all or nothing and a second
// run finds what the first made. Billing knows nothing of checkout: the flow hands it the lines as
// plain facts (price, quantity, recurring interval, what the line costs today).
import type { CustomerDetails, Subscription } from '@payshelf/api';
import type { StoredBreakdown, StoredSubscriptionData } from '../../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { normalizeRecurring } from '@payshelf/money';
import { invoiceItems, invoices, subscriptionItems, subscriptions } from '../../db/schema/index.js';
import { getCustomer } from '../customers/index.js';
import type { IntentRow } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { getClock, type TestClockRow } from './clocks/repo.js';
import { nextInvoiceNumber } from './invoice-number.js';
import { planSubscriptions, type PlanLine, type PlannedSubscription } from './plan.js';
import { keepBilledProducts } from './billed-product.js';
import { getInvoice, type InvoiceRow } from './repo.js';
import { subscriptionItemObject, subscriptionObject } from './serialize.js';

/** One line of what was sold, as billing needs it. */
export interface BillableLine {
  priceId: string;
  quantity: number;
  recurring: PlanLine['recurring'];
  /** What the line costs today (0 while trialing for recurring lines, always 0 for metered ones). */
  amountToday: bigint;
}

/** The sale being billed (a checkout session's facts). */
export interface BillableSale {
  id: string;
  livemode: boolean;
  mode: string;
  currencyId: string;
  customerId: string | null;
  /** The contact details typed in the checkout's form: the invoice's bill-to. */
  customerDetails: CustomerDetails | null;
  amountSubtotal: bigint;
  amountTotal: bigint;
  subscriptionData: StoredSubscriptionData | null;
  /** Set when a run before this one billed it. */
  invoiceId: string | null;
  /** The discount and taxes inside amountTotal (and what each came to). */
  amountDiscount: bigint;
  amountTax: bigint;
  totalBreakdown: StoredBreakdown | null;
  /** The coupon the subscriptions keep for its duration, and the tax rates they keep. */
  couponId: string | null;
  promotionCodeId: string | null;
  taxRateIds: string[];
  subscriptionIds: string[];
}

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

/** Test mode: the test clock the buying customer lives in, whose time the sale is billed at. */
async function clockOfCustomer(
  tx: DbLike,
  customerId: string | null,
  livemode: boolean,
): Promise<TestClockRow | null> {
  if (livemode || !customerId) return null;
  const customer = await getCustomer(tx, customerId, livemode);
  return customer?.testClockId ? await getClock(tx, customer.testClockId) : null;
}

function planFor(sale: BillableSale, lines: BillableLine[], now: Date): PlannedSubscription[] {
  if (sale.mode !== 'subscription') return [];
  const planned = lines.map((l) => ({ priceId: l.priceId, quantity: l.quantity, recurring: l.recurring }));
  return planSubscriptions(planned, { data: sale.subscriptionData, currencyId: sale.currencyId }, now);
}

/** The group (and so the period) a line bills for, or undefined for a one-time line. */
function groupOf(plan: PlannedSubscription[], line: BillableLine) {
  if (!line.recurring) return undefined;
  const { interval, count } = normalizeRecurring(line.recurring);
  return plan.findIndex((p) => p.interval === interval && p.intervalCount === count);
}

async function insertSubscriptions(
  tx: DbLike,
  session: BillableSale,
  intent: IntentRow,
  plan: PlannedSubscription[],
  ids: string[],
  invoiceId: string,
  payer: string | null,
  clockId: string | null,
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
        billingCycleAnchor: group.trialEnd ?? group.start,
        // Renewals pull from the account that paid the checkout (when its allowance covers them).
        payer,
        testClockId: clockId,
        couponId: session.couponId,
        promotionCodeId: session.promotionCodeId,
        discountStart: session.couponId ? group.start : null,
        // The checkout's invoice is the first the discount applied to (when it took anything off).
        discountInvoices: session.amountDiscount > 0n ? 1 : 0,
        taxRateIds: session.taxRateIds,
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
 * Writes the invoice of a completed checkout and creates its subscriptions. The invoice carries the
 * first subscription and its period, each line the period of the subscription it belongs to (none for
 * one-time lines) and what it cost today. It is `paid` only when `received` covers the total: whatever
 * remains keeps it `open` with `amount_remaining` > 0. The invoice takes the mode's next number
 * (invoice-number.ts), so this must run in the transaction that completes the checkout. A sale already
 * billed (it has its invoice) gets back what the first run made. A customer on a test clock is billed
 * at the clock's time: the invoice and the subscriptions join the clock, their periods start then.
 */
export async function billCheckout(
  tx: DbLike,
  sale: BillableSale,
  lines: BillableLine[],
  intent: IntentRow,
  received: bigint,
  details: Record<string, unknown>,
  now: Date,
): Promise<CheckoutBill> {
  const billed = sale.invoiceId ? await getInvoice(tx, sale.invoiceId, sale.livemode) : null;
  if (billed) return { invoice: billed, created: [], subscriptionIds: sale.subscriptionIds };
  const clock = await clockOfCustomer(tx, intent.customerId ?? sale.customerId, sale.livemode);
  const at = clock?.frozenTime ?? now;
  const plan = planFor(sale, lines, at);
  const ids = plan.map(() => newId('sub'));
  const first = plan[0];
  const invoiceId = newId('in');
  const total = sale.amountTotal;
  const paid = received < total ? received : total;
  const remaining = total - paid;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: invoiceId,
      livemode: sale.livemode,
      number: await nextInvoiceNumber(tx, sale.livemode),
      status: remaining > 0n ? 'open' : 'paid',
      billingReason: sale.mode === 'subscription' ? 'subscription_create' : 'manual',
      customerId: intent.customerId ?? '',
      currencyId: intent.currencyId,
      paymentMethodId: intent.paymentMethodId,
      subtotal: sale.amountSubtotal,
      totalDiscount: sale.amountDiscount,
      totalTax: sale.amountTax,
      totalBreakdown: sale.totalBreakdown,
      total,
      amountDue: total,
      amountPaid: paid,
      amountRemaining: remaining,
      paymentIntentId: intent.id,
      subscriptionId: ids[0] ?? null,
      periodStart: first?.start ?? null,
      periodEnd: first?.periodEnd ?? null,
      checkoutSessionId: sale.id,
      customerDetails: sale.customerDetails,
      description: intent.description,
      metadata: { payment_details: details },
      ...(clock ? { testClockId: clock.id, createdAt: at } : {}),
    })
    .returning();
  if (!invoice) throw new Error('invoice insert failed');
  for (const line of lines) {
    const group = plan[groupOf(plan, line) ?? -1];
    await tx.insert(invoiceItems).values({
      id: newId('ii'),
      livemode: sale.livemode,
      invoiceId,
      priceId: line.priceId,
      quantity: line.quantity,
      amount: line.amountToday,
      periodStart: group?.start ?? null,
      periodEnd: group?.periodEnd ?? null,
      createdAt: insertedAt,
    });
  }
  await keepBilledProducts(tx, [invoiceId]);
  const payer = typeof details.payer === 'string' ? details.payer : null;
  const created = await insertSubscriptions(tx, sale, intent, plan, ids, invoiceId, payer, clock?.id ?? null);
  return { invoice, created, subscriptionIds: ids };
}
