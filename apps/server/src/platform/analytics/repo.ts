import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { analyticsDaily } from '../../db/schema/index.js';

type Kind = 'pv' | 'evt';

/** Adds one to today's (UTC) counter of a page path or event name. */
export async function countOne(db: Db, kind: Kind, name: string): Promise<void> {
  await db
    .insert(analyticsDaily)
    .values({ day: sql`(now() AT TIME ZONE 'UTC')::date`, kind, name, count: 1 })
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
