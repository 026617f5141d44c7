// Meters (table meters): rows by id and by event name, insert, update and the list.
import type { MeterListQuery } from '@payshelf/api';
import { and, eq, inArray } from 'drizzle-orm';
import { meters } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { pageOf } from '../shared/list.js';

export type MeterRow = typeof meters.$inferSelect;
export type NewMeterRow = typeof meters.$inferInsert;

export async function getMeter(db: DbLike, id: string, livemode: boolean): Promise<MeterRow | null> {
  const [row] = await db
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.livemode, livemode)));
  return row ?? null;
}

export async function metersByEventName(
  db: DbLike,
  names: readonly string[],
  livemode: boolean,
): Promise<Map<string, MeterRow>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select()
    .from(meters)
    .where(and(eq(meters.livemode, livemode), inArray(meters.eventName, [...names])));
  return new Map(rows.map((r) => [r.eventName, r]));
}

/** Inserts a meter; null when its event name is taken in its mode (the unique index decides). */
export async function insertMeter(db: DbLike, row: NewMeterRow): Promise<MeterRow | null> {
  const [inserted] = await db.insert(meters).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateMeter(
  db: DbLike,
  id: string,
  livemode: boolean,
  set: Partial<NewMeterRow>,
): Promise<MeterRow | null> {
  const [row] = await db
    .update(meters)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(meters.id, id), eq(meters.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function listMeters(db: DbLike, livemode: boolean, q: MeterListQuery) {
  const page = await pageOf(db, meters, meters, livemode, q, [
    q.status ? eq(meters.status, q.status) : undefined,
    q.event_name ? eq(meters.eventName, q.event_name) : undefined,
  ]);
  const rows = await db
    .select()
    .from(meters)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
