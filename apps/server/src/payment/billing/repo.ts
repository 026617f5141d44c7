import { and, asc, eq, inArray } from 'drizzle-orm';
import { invoiceItems, invoices, subscriptionItems, subscriptions } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;

export async function getInvoice(db: DbLike, id: string, livemode: boolean): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function itemsOfInvoice(db: DbLike, invoiceId: string): Promise<InvoiceItemRow[]> {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.createdAt), asc(invoiceItems.id));
}

export async function getSubscription(
  db: DbLike,
  id: string,
  livemode: boolean,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

/** Items of several subscriptions, by subscription id, each list in creation order. */
export async function itemsOfSubscriptions(
  db: DbLike,
  ids: readonly string[],
): Promise<Map<string, SubscriptionItemRow[]>> {
  const byId = new Map<string, SubscriptionItemRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(subscriptionItems)
    .where(inArray(subscriptionItems.subscriptionId, [...ids]))
    .orderBy(asc(subscriptionItems.createdAt), asc(subscriptionItems.id));
  for (const row of rows) byId.get(row.subscriptionId)?.push(row);
  return byId;
}

/** The subscriptions a checkout session created (none before it completes). */
export async function subscriptionsOfSession(
  db: DbLike,
  checkoutSessionId: string,
): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, checkoutSessionId));
}
