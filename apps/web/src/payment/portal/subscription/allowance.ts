// The allowance that lets renewals be collected automatically, shown in words: "up to N TUSD, about 12
// months of this plan" = the plan's amount per period times the periods in a year (at least one).

type Interval = 'hour' | 'day' | 'week' | 'month' | 'year';
const PER_YEAR: Record<Interval, number> = { hour: 8760, day: 365, week: 52, month: 12, year: 1 };

/** Periods of `count` × `interval` in a year, rounded up, at least 1. */
export function periodsPerYear(interval: Interval, count: number): number {
  return Math.max(1, Math.ceil(PER_YEAR[interval] / Math.max(1, count)));
}

/** The allowance covering about 12 months of a plan costing `perPeriod` each period. */
export function yearAllowance(perPeriod: bigint, interval: Interval, count: number): bigint {
  return perPeriod * BigInt(periodsPerYear(interval, count));
}
