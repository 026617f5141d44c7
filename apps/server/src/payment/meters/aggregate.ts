// A meter's usage by one customer over [start, end): sum and count read whole UTC days from the rollup
// (meter_usage_daily) and only the partial first and last days from the events' index, so a period of
// a million events reads about thirty rollup rows plus two days of index entries; `last` is the newest
// event of the period (one index entry read backwards).
import { sql } from 'drizzle-orm';
import type { DbLike } from '../shared/db.js';

export type Aggregation = 'sum' | 'count' | 'last';

const DAY = 86_400_000;
const dayStart = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const dayText = (d: Date) => d.toISOString().slice(0, 10);

interface Range {
  start: Date;
  end: Date;
}

/** Splits [start, end) into whole UTC days and the raw ranges before and after them. */
export function splitByDays({ start, end }: Range): { days: Range | null; raw: Range[] } {
  const firstFull =
    dayStart(start).getTime() === start.getTime() ? start : new Date(dayStart(start).getTime() + DAY);
  const lastFull = dayStart(end);
  if (firstFull >= lastFull) return { days: null, raw: start < end ? [{ start, end }] : [] };
  const raw = [
    { start, end: firstFull },
    { start: lastFull, end },
  ].filter((r) => r.start < r.end);
  return { days: { start: firstFull, end: lastFull }, raw };
}

export async function meterUsage(
  db: DbLike,
  meterId: string,
  customerId: string,
  aggregation: Aggregation,
  period: Range,
): Promise<bigint> {
  if (aggregation === 'last') {
    const { rows } = await db.execute<{ value: string }>(sql`
      SELECT value::text AS value FROM meter_events
      WHERE meter_id = ${meterId} AND customer_id = ${customerId}
        AND "timestamp" >= ${period.start.toISOString()} AND "timestamp" < ${period.end.toISOString()}
      ORDER BY "timestamp" DESC LIMIT 1`);
    return BigInt(rows[0]?.value ?? '0');
  }
  const { days, raw } = splitByDays(period);
  const what = aggregation === 'sum' ? sql`value` : sql`1`;
  const parts = raw.map(
    (r) => sql`(SELECT coalesce(sum(${what}), 0) FROM meter_events
      WHERE meter_id = ${meterId} AND customer_id = ${customerId}
        AND "timestamp" >= ${r.start.toISOString()} AND "timestamp" < ${r.end.toISOString()})`,
  );
  if (days) {
    const column = aggregation === 'sum' ? sql`total` : sql`count`;
    parts.push(sql`(SELECT coalesce(sum(${column}), 0) FROM meter_usage_daily
      WHERE meter_id = ${meterId} AND customer_id = ${customerId}
        AND day >= ${dayText(days.start)}::date AND day < ${dayText(days.end)}::date)`);
  }
  if (parts.length === 0) return 0n;
  const { rows } = await db.execute<{ total: string }>(
    sql`SELECT (${sql.join(parts, sql` + `)})::text AS total`,
  );
  return BigInt(rows[0]?.total ?? '0');
}

/** Per UTC day in [start, end): the meter's total and count, of one customer or all (oldest first). */
export async function dailyStats(
  db: DbLike,
  meterId: string,
  customerId: string | undefined,
  period: Range,
): Promise<Array<{ date: string; total: string; count: number }>> {
  const { rows } = await db.execute<{ date: string; total: string; count: string }>(sql`
    SELECT to_char(date_trunc('day', "timestamp" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS date,
      sum(value)::text AS total, count(*)::text AS count
    FROM meter_events
    WHERE meter_id = ${meterId}
      ${customerId ? sql`AND customer_id = ${customerId}` : sql``}
      AND "timestamp" >= ${period.start.toISOString()} AND "timestamp" < ${period.end.toISOString()}
    GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => ({ date: r.date, total: r.total, count: Number(r.count) }));
}

/**
 * Folds the rollup rows of each (meter, customer, day) before yesterday into one, in one statement:
 * rows appended meanwhile (a late event of that day) are not seen by it and stay beside the new one.
 */
export async function compactRollup(db: DbLike): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    WITH old AS (
      DELETE FROM meter_usage_daily WHERE day < (now() AT TIME ZONE 'UTC')::date - 1
      RETURNING meter_id, customer_id, day, total, count
    ), folded AS (
      INSERT INTO meter_usage_daily (meter_id, customer_id, day, total, count)
      SELECT meter_id, customer_id, day, sum(total), sum(count) FROM old GROUP BY 1, 2, 3
      RETURNING 1
    )
    SELECT count(*)::text AS n FROM folded`);
  return Number(rows[0]?.n ?? 0);
}
