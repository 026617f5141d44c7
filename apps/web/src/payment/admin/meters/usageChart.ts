// The meter page's usage chart as plain data: per UTC day (the stats API's days) one stacked bar whose
// segments are the customers' totals. Totals stay bigint; only bar heights become numbers.

export interface DayStat {
  date: string;
  total: string;
}

export interface UsageTable {
  /** Every UTC day of the window, oldest first (`YYYY-MM-DD`). */
  days: string[];
  customers: string[];
  /** values[d][c]: customer c's usage on day d. */
  values: bigint[][];
  /** Per day, all customers together. */
  totals: bigint[];
  max: bigint;
}

/** The last `days` UTC days up to and including today's: the stats query's [start, end) and the days. */
export function utcWindow(days: number, nowMs: number): { start: string; end: string; days: string[] } {
  const today = new Date(nowMs);
  const endMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const startMs = endMs - days * 86_400_000;
  const list = Array.from({ length: days }, (_, i) =>
    new Date(startMs + i * 86_400_000).toISOString().slice(0, 10),
  );
  return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), days: list };
}

/** The stats of each customer laid out on the window's days (a day without events is 0). */
export function usageTable(days: string[], perCustomer: ReadonlyMap<string, DayStat[]>): UsageTable {
  const customers = [...perCustomer.keys()];
  const index = new Map(days.map((d, i) => [d, i]));
  const values = days.map(() => customers.map(() => 0n));
  customers.forEach((customer, c) => {
    for (const stat of perCustomer.get(customer) ?? []) {
      const d = index.get(stat.date.slice(0, 10));
      const row = d === undefined ? undefined : values[d];
      if (row) row[c] = (row[c] ?? 0n) + BigInt(stat.total);
    }
  });
  const totals = values.map((row) => row.reduce((a, b) => a + b, 0n));
  const max = totals.reduce((a, b) => (b > a ? b : a), 0n);
  return { days, customers, values, totals, max };
}

/** A bar's height in chart units (0 to `height`) for `value` of `max`. */
export function barHeight(value: bigint, max: bigint, height: number): number {
  if (max <= 0n || value <= 0n) return 0;
  return Number((value * BigInt(height) * 1000n) / max) / 1000;
}
