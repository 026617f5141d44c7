import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { analyticsDaily } from '../../db/schema/index.js';

type Kind = 'pv' | 'evt';

/** Distinct paths (or event names) kept per day; beyond it new ones are counted under OTHER. */
export const MAX_NAMES_PER_DAY = 10_000;
export const OTHER = '(other)';
const today = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * Adds one to today's (UTC) counter of a page path or event name. The common case (a name already seen
 * today) is one UPDATE; a new name is inserted unless the day already holds MAX_NAMES_PER_DAY names, so
 * random paths from a script cannot grow the table without bound.
 */
export async function countOne(db: Db, kind: Kind, name: string): Promise<void> {
  const bumped = await db
    .update(analyticsDaily)
    .set({ count: sql`${analyticsDaily.count} + 1` })
    .where(and(eq(analyticsDaily.day, today), eq(analyticsDaily.kind, kind), eq(analyticsDaily.name, name)))
    .returning({ count: analyticsDaily.count });
  if (bumped.length > 0) return;
  const [{ names } = { names: 0 }] = await db
    .select({ names: sql<number>`count(*)::int` })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.day, today), eq(analyticsDaily.kind, kind)));
  await db
    .insert(analyticsDaily)
    .values({ day: today, kind, name: names >= MAX_NAMES_PER_DAY ? OTHER : name, count: 1 })
    .onConflictDoUpdate({
      target: [analyticsDaily.day, analyticsDaily.kind, analyticsDaily.name],
      set: { count: sql`${analyticsDaily.count} + 1` },
    });
}

/** Totals per day since `from` (YYYY-MM-DD, inclusive); days without counts are absent. */
export async function perDay(
  db: Db,
  kind: Kind,
  from: string,
): Promise<Array<{ date: string; count: number }>> {
  return db
    .select({ date: analyticsDaily.day, count: sql<number>`sum(${analyticsDaily.count})::int` })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.kind, kind), gte(analyticsDaily.day, from)))
    .groupBy(analyticsDaily.day);
}

/** The most counted names since `from`, most first (ties by name). */
export async function top(
  db: Db,
  kind: Kind,
  from: string,
  limit: number,
): Promise<Array<{ name: string; count: number }>> {
  const total = sql<number>`sum(${analyticsDaily.count})::int`;
  return db
    .select({ name: analyticsDaily.name, count: total })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.kind, kind), gte(analyticsDaily.day, from)))
    .groupBy(analyticsDaily.name)
    .orderBy(desc(total), analyticsDaily.name)
    .limit(limit);
}
