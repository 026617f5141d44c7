import type { Overview } from '@payshelf/api';

export interface Point {
  date: string;
  value: bigint;
}

/** Every UTC day from `from` to `to` (`YYYY-MM-DD`), inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** One value per day of the window for `currencyId` (0 where the server answered nothing). */
export function dailySeries(
  days: readonly string[],
  rows: ReadonlyArray<{ date: string; currency_id: string }>,
  currencyId: string | null,
  pick: (row: never) => bigint,
): Point[] {
  const byDay = new Map<string, bigint>();
  for (const row of rows) {
    if (currencyId !== null && row.currency_id !== currencyId) continue;
    byDay.set(row.date, (byDay.get(row.date) ?? 0n) + pick(row as never));
  }
  return days.map((date) => ({ date, value: byDay.get(date) ?? 0n }));
}

/** The currencies that have any revenue or subscription in the answer, in the answer's order. */
export function chartCurrencies(o: Overview): Overview['currencies'] {
  const used = new Set([...o.revenue, ...o.subscriptions].map((r) => r.currency_id));
  return o.currencies.filter((c) => used.has(c.id));
}

export const revenueOf = (row: { amount: string }) => BigInt(row.amount);
export const mrrOf = (row: { mrr: string }) => BigInt(row.mrr);
export const activeOf = (row: { active: number }) => BigInt(row.active);

/** The sum of a series, exactly. */
export function total(points: readonly Point[]): bigint {
  return points.reduce((s, p) => s + p.value, 0n);
}
