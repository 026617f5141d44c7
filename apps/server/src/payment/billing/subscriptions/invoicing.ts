// The invoice of one subscription period: one line per item (its price x quantity in the
// subscription's currency; metered prices bill 0 until usage is recorded), written with the next
// invoice number. A cycle invoice is unique per (subscription, period start) (the index
// invoices_subscription_cycle): a second writer of the same period gets null and writes nothing.
import { lineTotal } from '@payshelf/money';
import type { BillingReason } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { invoiceItems, invoices } from '../../../db/schema/index.js';
import { getPrices, toRulePrice } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { nextInvoiceNumber } from '../invoice-number.js';
import { itemsOfSubscriptions, type InvoiceRow, type SubscriptionRow } from '../repo.js';

const DAY_MS = 86_400_000;

export interface PeriodInvoice {
  reason: BillingReason;
  periodStart: Date;
  periodEnd: Date;
  /** The billing time (the test clock's time for a subscription on a clock). */
  now: Date;
  /** A trial period bills every line at 0. */
  trial?: boolean;
}

/** The lines of a period: each item priced in the subscription's currency. */
export async function periodLines(
  ctx: Pick<PaymentContext, 'db'>,
  tx: DbLike,
  sub: SubscriptionRow,
  trial: boolean,
) {
  const items = (await itemsOfSubscriptions(tx, [sub.id])).get(sub.id) ?? [];
  const rows = await getPrices(ctx.db, [...new Set(items.map((i) => i.priceId))], sub.livemode);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const price = byId.get(item.priceId);
    if (!price) throw new Error(`price ${item.priceId} of subscription ${sub.id} is missing`);
    const amount = trial
      ? 0n
      : lineTotal({ price: toRulePrice(price), quantity: item.quantity }, sub.currencyId);
    return { priceId: item.priceId, quantity: item.quantity, amount };
  });
}

/**
 * Writes the period's invoice: `paid` when nothing is due, else `open`. charge_automatically plans its
 * first collection attempt at `now`; send_invoice gets a due date `days_until_due` days ahead.
 * Null when this cycle's invoice already exists.
 */
export async function createPeriodInvoice(
  ctx: Pick<PaymentContext, 'db' | 'services'>,
  tx: DbLike,
  sub: SubscriptionRow,
  period: PeriodInvoice,
): Promise<InvoiceRow | null> {
  const lines = await periodLines(ctx, tx, sub, period.trial ?? false);
  const total = lines.reduce((sum, l) => sum + l.amount, 0n);
  const due = total > 0n;
  const sendInvoice = sub.collectionMethod === 'send_invoice';
  const days = sub.daysUntilDue ?? ctx.services.config.BILLING_DAYS_UNTIL_DUE;
  const id = newId('in');
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id,
      livemode: sub.livemode,
      status: due ? 'open' : 'paid',
      billingReason: period.reason,
      customerId: sub.customerId,
      currencyId: sub.currencyId,
      paymentMethodId: sub.defaultPaymentMethodId,
      subtotal: total,
      total,
      amountDue: total,
      amountPaid: 0n,
      amountRemaining: total,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      dueDate: due && sendInvoice ? new Date(period.now.getTime() + days * DAY_MS) : null,
      nextPaymentAttempt: due && !sendInvoice ? period.now : null,
      subscriptionId: sub.id,
      description: sub.description,
      testClockId: sub.testClockId,
      createdAt: period.now,
    })
    .onConflictDoNothing({
      target: [invoices.subscriptionId, invoices.periodStart],
      where: sql`${invoices.billingReason} = 'subscription_cycle'`,
    })
    .returning();
  if (!invoice) return null;
  // The number is taken only once the row is ours, so a skipped duplicate never burns a number.
  const [numbered] = await tx
    .update(invoices)
    .set({ number: await nextInvoiceNumber(tx, sub.livemode) })
    .where(sql`${invoices.id} = ${id}`)
    .returning();
  for (const line of lines) {
    await tx.insert(invoiceItems).values({
      id: newId('ii'),
      livemode: sub.livemode,
      invoiceId: id,
      priceId: line.priceId,
      quantity: line.quantity,
      amount: line.amount,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      createdAt: sql`clock_timestamp()`,
    });
  }
  return numbered ?? invoice;
}
