import { and, eq, sql } from 'drizzle-orm';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type EventRow = typeof events.$inferSelect;

export async function insertEndpoint(
  db: Db,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [created] = await db.insert(webhookEndpoints).values(row).returning();
  if (!created) throw new Error('webhook endpoint insert failed');
  return created;
}

export async function getEndpoint(db: Db, id: string, livemode: boolean): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export async function getEvent(db: Db, id: string, livemode?: boolean): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), livemode === undefined ? undefined : eq(events.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

/**
 * One delivery per enabled endpoint of the event's mode that listens to its type and existed when
 * the event was written; the (event, endpoint) key makes a repeated fan-out add nothing.
 */
export async function insertDeliveries(db: Db, event: EventRow, newId: () => string): Promise<DeliveryRow[]> {
  const listening = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.livemode, event.livemode),
        eq(webhookEndpoints.status, 'enabled'),
        sql`${webhookEndpoints.createdAt} <= ${event.createdAt}`,
        sql`(${webhookEndpoints.enabledEvents} ? '*' OR ${webhookEndpoints.enabledEvents} ? ${event.type})`,
      ),
    );
  if (listening.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(
      listening.map((e) => ({
        id: newId(),
        livemode: event.livemode,
        endpointId: e.id,
        eventId: event.id,
        eventType: event.type,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** The delivery with its row lock, so two runs of one attempt cannot both record it. */
export async function lockDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function getDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row ?? null;
}

export async function setDelivery(
  db: Db,
  id: string,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(webhookDeliveries.id, id));
}

export async function insertAttempt(db: Db, row: typeof webhookAttempts.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(webhookAttempts)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: webhookAttempts.id });
  return inserted.length > 0;
}
