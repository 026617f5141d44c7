// The current time of many customers at once: their test clock's frozen time, else the real time.
import { sql } from 'drizzle-orm';
import type { DbLike } from '../shared/db.js';

/** Customer id -> its time now, for the customers of `ids` that exist in `livemode` (one query). */
export async function customerTimes(
  db: DbLike,
  ids: readonly string[],
  livemode: boolean,
): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; now: Date | string }>(sql`
    SELECT c.id, coalesce(tc.frozen_time, now()) AS now
    FROM customers c LEFT JOIN test_clocks tc ON tc.id = c.test_clock_id
    WHERE c.id = ANY(${sql.param([...ids])}::text[]) AND c.livemode = ${livemode}`);
  return new Map(rows.map((r) => [r.id, new Date(r.now)]));
}
