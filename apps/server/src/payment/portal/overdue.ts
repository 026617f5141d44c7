// The overdue invoices of a subscription or of a customer (or one open invoice, paid from its page) (the past-due rule of billing/past-due.ts:
// open or uncollectible, due date passed), oldest first, summed per payment currency. The overdue
// dialog shows one row per currency; collect-batch pays exactly these invoices of one currency.
import type { OverdueInvoices } from '@payshelf/api';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import {
  invoiceListItems,
  isPastDue,
  PAST_DUE_STATUSES,
  subscriptionObjects,
  type InvoiceRow,
  type SubscriptionRow,
} from '../billing/index.js';
import { serializeCustomer, type CustomerRow } from '../customers/index.js';
import type { DbLike } from '../shared/db.js';

export interface OverdueScope {
  customerId: string;
  subscriptionId?: string;
  currencyId?: string;
  /** Just this invoice, due or not (paying one open invoice from its page). */
  invoiceId?: string;
}

/** The past-due invoices of the scope at `now`, oldest first. */
export async function overdueRows(
  db: DbLike,
  livemode: boolean,
  scope: OverdueScope,
  now = new Date(),
): Promise<InvoiceRow[]> {
  const filters = [
    eq(invoices.livemode, livemode),
    eq(invoices.customerId, scope.customerId),
    scope.invoiceId
      ? and(eq(invoices.id, scope.invoiceId), inArray(invoices.status, [...PAST_DUE_STATUSES]))
      : isPastDue(now),
    ...(scope.subscriptionId ? [eq(invoices.subscriptionId, scope.subscriptionId)] : []),
    ...(scope.currencyId ? [eq(invoices.currencyId, scope.currencyId)] : []),
  ];
  return db
    .select()
    .from(invoices)
    .where(and(...filters))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

/** The sum still owed per currency (amount remaining of each invoice). */
export function sumPerCurrency(rows: Pick<InvoiceRow, 'currencyId' | 'amountRemaining'>[]) {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(row.currencyId, (sums.get(row.currencyId) ?? 0n) + row.amountRemaining);
  return sums;
}

export async function overdueAnswer(
  db: DbLike,
  customer: CustomerRow,
  subscription: SubscriptionRow | null,
): Promise<OverdueInvoices> {
  const rows = await overdueRows(db, customer.livemode, {
    customerId: customer.id,
    ...(subscription ? { subscriptionId: subscription.id } : {}),
  });
  const list = await invoiceListItems(db, rows);
  const summary: OverdueInvoices['summary'] = {};
  for (const [currencyId, amount] of sumPerCurrency(rows)) {
    const item = list.find((i) => i.currency_id === currencyId);
    if (!item?.paymentCurrency) continue;
    summary[currencyId] = {
      amount: amount.toString(),
      currency: item.paymentCurrency,
      method: item.paymentMethod,
    };
  }
  const [sub] = subscription ? await subscriptionObjects(db, [subscription], false) : [];
  return {
    summary,
    invoices: list,
    subscription: sub ?? null,
    subscriptionCount: new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : []))).size,
    customer: serializeCustomer(customer),
  };
}
