/** One day of the downloads chart. */
export interface DayCount {
  day: string;
  count: number;
}

/**
 * The last `days` UTC days ending `today` (YYYY-MM-DD), oldest first, each with its count from `rows`
 * (the API leaves out days without downloads; here they are zeros so the chart has no gaps).
 */
export function dailySeries(rows: readonly DayCount[], days: number, today: Date): DayCount[] {
  const counts = new Map(rows.map((r) => [r.day.slice(0, 10), r.count]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
}

/** Total and busiest day of a series (the earliest of equal peaks), for the chart's text alternative. */
export function seriesSummary(series: readonly DayCount[]): { total: number; peak: DayCount | null } {
  let peak: DayCount | null = null;
  let total = 0;
  for (const d of series) {
    total += d.count;
    if (d.count > 0 && (!peak || d.count > peak.count)) peak = d;
  }
  return { total, peak };
}
