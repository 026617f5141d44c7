// The only writer of a subscription's status and billing fields after it is created: a change is a
// life-cycle event (machine.ts) or a plain field change, stored, recorded in `events` and pushed on the
// relay (`customer:{id}`, `subscription:{id}`) in the caller's transaction, so nothing is announced
// unless it commits. Invoice changes are announced the same way.
import { customerTopic, subscriptionTopic } from '@payshelf/api';
import { and, eq } from 'drizzle-orm';
import { invoices, subscriptions } from '../../../db/schema/index.js';
import { busClientOf } from '../../../platform/notifications/publish.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { recordEvent } from '../../shared/events.js';
import { itemsOfSubscriptions, type InvoiceRow, type SubscriptionRow } from '../repo.js';
import { invoiceObject, subscriptionItemObject, subscriptionObject } from '../serialize.js';
import { applyEvent, eventTypeOf, type LifecycleEvent } from './machine.js';

export type SubscriptionSet = Partial<
  Omit<typeof subscriptions.$inferInsert, 'id' | 'livemode' | 'status' | 'customerId' | 'createdAt'>
>;
export type InvoiceSet = Partial<Omit<typeof invoices.$inferInsert, 'id' | 'livemode' | 'customerId'>>;

type Publisher = Pick<PaymentContext, 'services'>;

async function publish(ctx: Publisher, tx: DbLike, topics: string[], type: string, data: unknown) {
  for (const topic of topics) await ctx.services.bus.publish(topic, type, data, busClientOf(tx));
}

/** A locked subscription row (SELECT … FOR UPDATE): every change starts from one. */
export async function lockSubscription(tx: DbLike, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function lockInvoice(tx: DbLike, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  return row ?? null;
}

/**
 * Applies `event` (when given: the status moves as the machine says, or this throws) and `set` to a
 * locked subscription, then records and pushes the change (`previous`: old values of fields `set`
 * changed, recorded as previous_attributes with the old status): `type` defaults to the event's type, or
 * customer.subscription.updated for a plain field change.
 */
export async function changeSubscription(
  ctx: Publisher,
  tx: DbLike,
  row: SubscriptionRow,
  change: {
    event?: LifecycleEvent;
    set?: SubscriptionSet;
    type?: string;
    previous?: Record<string, unknown>;
  },
): Promise<SubscriptionRow> {
  const status = change.event ? applyEvent(row.status, change.event) : row.status;
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...change.set, status, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.livemode, row.livemode)))
    .returning();
  if (!updated) throw new Error(`subscription ${row.id} vanished`);
  const items = (await itemsOfSubscriptions(tx, [row.id])).get(row.id) ?? [];
  const json = subscriptionObject(
    updated,
    items.map((i) => subscriptionItemObject(i)),
  );
  const type = change.type ?? (change.event ? eventTypeOf(change.event) : 'customer.subscription.updated');
  // previous_attributes: the old status when it moved, plus the old values the caller names.
  const moved = status === row.status ? undefined : { status: row.status };
  const previous = change.previous ? { ...moved, ...change.previous } : moved;
  await recordEvent(tx, type, json, null, previous);
  await publish(ctx, tx, [customerTopic(row.customerId), subscriptionTopic(row.id)], type, json);
  return updated;
}

/** Announces an invoice (created, finalized, paid, payment_failed, …) on its customer's and subscription's topics. */
export async function announceInvoice(
  ctx: Publisher,
  tx: DbLike,
  row: InvoiceRow,
  type: string,
): Promise<void> {
  const json = invoiceObject(row);
  await recordEvent(tx, type, json);
  const topics = [customerTopic(row.customerId)];
  if (row.subscriptionId) topics.push(subscriptionTopic(row.subscriptionId));
  await publish(ctx, tx, topics, type, json);
}

export async function updateInvoice(tx: DbLike, id: string, set: InvoiceSet): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error(`invoice ${id} vanished`);
  return row;
}
