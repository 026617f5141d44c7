// Test clocks (table test_clocks): a simulated time for test-mode customers and subscriptions.
import { and, desc, eq } from 'drizzle-orm';
import type { TestClock } from '@payshelf/api';
import { testClocks } from '../../../db/schema/index.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';

export type TestClockRow = typeof testClocks.$inferSelect;

export async function getClock(db: DbLike, id: string, lock = false): Promise<TestClockRow | null> {
  const query = db.select().from(testClocks).where(eq(testClocks.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listClocks(db: DbLike, limit = 100): Promise<TestClockRow[]> {
  return db
    .select()
    .from(testClocks)
    .where(and(eq(testClocks.livemode, false)))
    .orderBy(desc(testClocks.createdAt), desc(testClocks.id))
    .limit(limit);
}

export async function insertClock(db: DbLike, frozenTime: Date, name: string | null): Promise<TestClockRow> {
  const [row] = await db
    .insert(testClocks)
    .values({ id: newId('clock'), livemode: false, name, frozenTime })
    .returning();
  if (!row) throw new Error('test clock insert failed');
  return row;
}

export async function setClock(
  db: DbLike,
  id: string,
  set: { frozenTime?: Date; status?: TestClockRow['status'] },
): Promise<TestClockRow> {
  const [row] = await db
    .update(testClocks)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(testClocks.id, id))
    .returning();
  if (!row) throw new Error(`test clock ${id} vanished`);
  return row;
}

/** The time billing runs at for an object: its clock's frozen time, or the real time. */
export async function billingNow(db: DbLike, testClockId: string | null): Promise<Date> {
  if (!testClockId) return new Date();
  return (await getClock(db, testClockId))?.frozenTime ?? new Date();
}

export function clockObject(row: TestClockRow): TestClock {
  return {
    id: row.id,
    object: 'test_clock',
    livemode: false,
    name: row.name,
    frozen_time: row.frozenTime.toISOString(),
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
