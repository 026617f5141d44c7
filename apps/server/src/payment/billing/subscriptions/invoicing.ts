// The invoice of one subscription period: one line per item (its price x quantity in the
// subscription's currency; on a renewal a metered item bills the usage of the period that ended,
// lines.ts), the customer's credit balance applied before anything is collected, written with the
// next invoice number. A cycle invoice is unique per (subscription, period start) (the index
// invoices_subscription_cycle): a second writer of the same period gets null and writes nothing.
import type { BillingReason } from '@payshelf/api';
import { eq, sql } from 'drizzle-orm';
import { invoiceItems, invoices, subscriptions } from '../../../db/schema/index.js';
import { applyToInvoice } from '../../balances/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { keepBilledProducts } from '../billed-product.js';
import { nextInvoiceNumber } from '../invoice-number.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import { currentItems, periodInvoiceLines, type BilledLine } from './lines.js';
import { countDiscountedInvoice, periodAdjustment } from './discount.js';
import type { Adjusted } from '../../discounts/index.js';

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
  const { priced } = await currentItems(ctx, tx, sub);
  const lines = await periodInvoiceLines(tx, sub, {
    items: priced,
    period: { start: period.periodStart, end: period.periodEnd },
    trial: period.trial ?? false,
    metered: period.reason === 'subscription_cycle',
  });
  const id = newId('in');
  const adjusted = await periodAdjustment(tx, sub, priced, lines, period.now);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      ...invoiceValues(ctx, sub, period, lines, id),
      ...(adjusted ? adjustedValues(adjusted) : {}),
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
    })
    .onConflictDoNothing({
      target: [invoices.subscriptionId, invoices.periodStart],
      where: sql`${invoices.billingReason} = 'subscription_cycle'`,
    })
    .returning();
  if (!invoice) return null;
  await countDiscountedInvoice(tx, sub, adjusted);
  return finishInvoice(ctx, tx, invoice, lines, period.now, sub);
}

/** The totals of an adjusted invoice: its discount and taxes inside `total` (what is due). */
function adjustedValues({ totals, breakdown }: Adjusted): Partial<typeof invoices.$inferInsert> {
  const due = totals.total;
  return {
    status: due > 0n ? 'open' : 'paid',
    subtotal: totals.subtotal,
    totalDiscount: totals.discount,
    totalTax: totals.tax,
    totalBreakdown: breakdown,
    total: due,
    amountDue: due,
    amountRemaining: due,
  };
}

/** The row of a new invoice of `lines` (before the balance): open when something is due, else paid. */
export function invoiceValues(
  ctx: Pick<PaymentContext, 'services'>,
  sub: SubscriptionRow,
  period: { reason: BillingReason; now: Date },
  lines: readonly BilledLine[],
  id: string,
): typeof invoices.$inferInsert {
  const total = lines.reduce((sum, l) => sum + l.amount, 0n);
  const due = total > 0n ? total : 0n;
  return {
    id,
    livemode: sub.livemode,
    status: due > 0n ? 'open' : 'paid',
    billingReason: period.reason,
    customerId: sub.customerId,
    currencyId: sub.currencyId,
    paymentMethodId: sub.defaultPaymentMethodId,
    subtotal: total,
    total,
    amountDue: due,
    amountPaid: 0n,
    amountRemaining: due,
    subscriptionId: sub.id,
    description: sub.description,
    testClockId: sub.testClockId,
    createdAt: period.now,
  };
}

/**
 * Numbers a freshly inserted invoice, writes its lines and applies the customer's credit balance
 * (one ledger row, once per invoice): what the balance pays leaves `amount_due`; a fully covered
 * invoice is paid, a negative total adds to the balance. An open charge_automatically invoice plans
 * its first collection attempt at `now`; send_invoice gets a due date `days_until_due` days ahead.
 */
export async function finishInvoice(
  ctx: Pick<PaymentContext, 'services'>,
  tx: DbLike,
  invoice: InvoiceRow,
  lines: readonly BilledLine[],
  now: Date,
  sub?: Pick<SubscriptionRow, 'collectionMethod' | 'daysUntilDue'>,
): Promise<InvoiceRow> {
  for (const line of lines) {
    await tx.insert(invoiceItems).values({
      id: newId('ii'),
      livemode: invoice.livemode,
      invoiceId: invoice.id,
      priceId: line.priceId,
      description: line.description,
      quantity: line.quantity,
      amount: line.amount,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
      proration: line.proration,
      createdAt: sql`clock_timestamp()`,
    });
  }
  await keepBilledProducts(tx, [invoice.id]);
  const owner = {
    livemode: invoice.livemode,
    customerId: invoice.customerId,
    currencyId: invoice.currencyId,
  };
  const applied = await applyToInvoice(tx, owner, invoice.id, invoice.total);
  const due = applied.amountDue;
  const collection = sub ?? (await subscriptionTerms(tx, invoice.subscriptionId));
  const sendInvoice = collection?.collectionMethod === 'send_invoice';
  const days = collection?.daysUntilDue ?? ctx.services.config.BILLING_DAYS_UNTIL_DUE;
  // The number is taken only once the row is ours, so a skipped duplicate never burns a number.
  const [numbered] = await tx
    .update(invoices)
    .set({
      number: await nextInvoiceNumber(tx, invoice.livemode),
      status: due > 0n ? 'open' : 'paid',
      startingBalance: applied.startingBalance,
      appliedBalance: applied.appliedBalance,
      amountDue: due,
      amountRemaining: due,
      dueDate: due > 0n && sendInvoice ? new Date(now.getTime() + days * DAY_MS) : null,
      nextPaymentAttempt: due > 0n && !sendInvoice ? now : null,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return numbered ?? invoice;
}

async function subscriptionTerms(tx: DbLike, id: string | null) {
  if (!id) return null;
  const [row] = await tx
    .select({ collectionMethod: subscriptions.collectionMethod, daysUntilDue: subscriptions.daysUntilDue })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row ?? null;
}
