// The invoice page list (SPEC §7: page, pageSize, count) and the subscription cursor list.
import type { InvoiceListQuery, SubscriptionListQuery } from '@payshelf/api';
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers, invoices, subscriptionItems, subscriptions } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { pageOf, type Page } from '../shared/list.js';
import { isPastDue } from './past-due.js';
import type { InvoiceRow, SubscriptionRow } from './repo.js';

const yes = (flag: string | undefined) => flag === '1' || flag === 'true';

/** A search text as an ILIKE pattern matching it anywhere (its % and _ taken literally). */
const containing = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows whose customer's name or email contains the search text. */
const customerMatches = (customerId: AnyPgColumn, pattern: string) =>
  sql`${customerId} IN (SELECT ${customers.id} FROM ${customers} WHERE ${customers.name} ILIKE ${pattern} OR ${customers.email} ILIKE ${pattern})`;

/** Filters of the invoice list; `customerId` is the caller's scope when it is limited to one customer. */
function invoiceFilters(livemode: boolean, q: InvoiceListQuery, customerId: string | undefined): SQL[] {
  const hidden = [
    ...(yes(q.include_staking) ? [] : (['stake'] as const)),
    ...(yes(q.include_return_staking) ? [] : (['return_stake'] as const)),
  ];
  const statuses = q.status
    ?.split(',')
    .map((s) => s.trim())
    .filter((s): s is InvoiceRow['status'] => s !== '');
  const filters: Array<SQL | undefined> = [
    eq(invoices.livemode, livemode),
    customerId === undefined ? undefined : eq(invoices.customerId, customerId),
    statuses?.length ? inArray(invoices.status, statuses) : undefined,
    q.currency_id ? eq(invoices.currencyId, q.currency_id) : undefined,
    q.subscription_id ? eq(invoices.subscriptionId, q.subscription_id) : undefined,
    hidden.length ? notInArray(invoices.billingReason, hidden) : undefined,
    yes(q.ignore_zero) ? sql`${invoices.total} > 0` : undefined,
    yes(q.past_due) ? isPastDue() : undefined,
    q.q?.trim()
      ? sql`(${invoices.number} ILIKE ${containing(q.q)} OR ${invoices.id} ILIKE ${containing(q.q)} OR ${customerMatches(invoices.customerId, containing(q.q))})`
      : undefined,
  ];
  return filters.filter((f): f is SQL => f !== undefined);
}

export async function pageOfInvoices(
  db: DbLike,
  livemode: boolean,
  q: InvoiceListQuery,
  customerId: string | undefined,
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const where = and(...invoiceFilters(livemode, q, customerId));
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function listSubscriptions(
  db: DbLike,
  livemode: boolean,
  q: SubscriptionListQuery,
): Promise<{ rows: SubscriptionRow[]; page: Page }> {
  const filters = [
    q.customer_id ? eq(subscriptions.customerId, q.customer_id) : undefined,
    q.status ? eq(subscriptions.status, q.status) : undefined,
    q.price_id
      ? sql`${subscriptions.id} IN (SELECT ${subscriptionItems.subscriptionId} FROM ${subscriptionItems} WHERE ${subscriptionItems.priceId} = ${q.price_id})`
      : undefined,
    q.q?.trim()
      ? sql`(${subscriptions.id} ILIKE ${containing(q.q)} OR ${subscriptions.description} ILIKE ${containing(q.q)} OR ${customerMatches(subscriptions.customerId, containing(q.q))})`
      : undefined,
  ];
  const page = await pageOf(db, subscriptions, subscriptions, livemode, q, filters);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
