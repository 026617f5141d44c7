// Recurring intervals: their lengths for comparison (SPEC §9), the upsell saving percent, and a
// text-free descriptor the UI translates. All arithmetic is bigint; percents are small numbers.

import { UnsupportedIntervalError } from './errors.js';

export const RECURRING_INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** SPEC §9: hour 1 h, day 24 h, week 7 days, month 30 days, year 365 days. */
export const INTERVAL_SECONDS: Readonly<Record<RecurringInterval, bigint>> = {
  hour: 3_600n,
  day: 86_400n,
  week: 604_800n,
  month: 2_592_000n,
  year: 31_536_000n,
};

/** `interval` is a plain string because it comes from stored data; it is checked here. */
export interface RecurringSpec {
  interval: string;
  /** Defaults to 1 when absent. */
  interval_count?: number | null;
}

export interface NormalizedRecurring {
  interval: RecurringInterval;
  count: number;
}

export function isRecurringInterval(value: unknown): value is RecurringInterval {
  return typeof value === 'string' && (RECURRING_INTERVALS as readonly string[]).includes(value);
}

/** Throws UNSUPPORTED_INTERVAL for an unknown interval or a count that is not a positive safe integer. */
export function normalizeRecurring(spec: RecurringSpec): NormalizedRecurring {
  const count = spec.interval_count ?? 1;
  if (!isRecurringInterval(spec.interval) || !Number.isSafeInteger(count) || count < 1) {
    throw new UnsupportedIntervalError(String(spec.interval), String(spec.interval_count));
  }
  return { interval: spec.interval, count };
}

/** Span of one billing period in seconds, interval_count included for every interval (also hour). */
export function intervalSeconds(spec: RecurringSpec): bigint {
  const { interval, count } = normalizeRecurring(spec);
  return INTERVAL_SECONDS[interval] * BigInt(count);
}

export interface UpsellSide {
  /** Price per period in smallest units of the currency both sides are compared in. */
  amount: bigint;
  recurring: RecurringSpec;
}

const MONTH_BASED: ReadonlySet<RecurringInterval> = new Set(['month', 'year']);

/**
 * Spans of two periods in one common unit. Month and year are both calendar months (a year is 12
 * monthly payments, not 365/30 = 12.17 of them), so they compare in months; every other pair compares
 * in the SPEC's seconds, where hour, day and week are exact multiples of each other.
 */
function comparableSpans(from: NormalizedRecurring, to: NormalizedRecurring): [bigint, bigint] {
  if (MONTH_BASED.has(from.interval) && MONTH_BASED.has(to.interval)) {
    const months = (n: NormalizedRecurring) => BigInt(n.count) * (n.interval === 'year' ? 12n : 1n);
    return [months(from), months(to)];
  }
  const seconds = (n: NormalizedRecurring) => INTERVAL_SECONDS[n.interval] * BigInt(n.count);
  return [seconds(from), seconds(to)];
}

/**
 * Percent saved by switching from `from` to the upsell `to`, rounded half up to a whole percent.
 *
 * The regular cost over the upsell's span is the exact rational from.amount * span(to) / span(from)
 * (whole periods or not), so the percent is
 *   100 * (from.amount * span(to) - to.amount * span(from)) / (from.amount * span(to)).
 * Monthly 10 vs yearly 100: regular 120, saving 20/120 = 16.67% -> 17.
 * Returns 0 when there is no saving (or the regular cost is 0). Negative amounts are a RangeError.
 */
export function upsellSavingPercent(from: UpsellSide, to: UpsellSide): number {
  if (from.amount < 0n || to.amount < 0n) throw new RangeError('upsell amounts must not be negative');
  const [fromSpan, toSpan] = comparableSpans(
    normalizeRecurring(from.recurring),
    normalizeRecurring(to.recurring),
  );
  const regular = from.amount * toSpan;
  const saved = regular - to.amount * fromSpan;
  if (regular === 0n || saved <= 0n) return 0;
  // floor(x + 1/2) with x = 100 * saved / regular, in integers: floor((200 * saved + regular) / (2 * regular)).
  return Number((200n * saved + regular) / (2n * regular));
}

/**
 * What the UI words, without the words:
 * - `per`: count 1, "monthly" / "per month" (key = interval);
 * - `named`: months 3 and 6, SPEC §9's 'every 3 or 6 months' phrases (key 'month3' or 'month6');
 * - `every`: any other count, "every {count} {interval}s" (key = interval).
 */
export type RecurringDescriptor =
  | { kind: 'per'; key: RecurringInterval; interval: RecurringInterval; count: 1 }
  | { kind: 'named'; key: 'month3' | 'month6'; interval: 'month'; count: 3 | 6 }
  | { kind: 'every'; key: RecurringInterval; interval: RecurringInterval; count: number };

export function describeRecurring(spec: RecurringSpec): RecurringDescriptor {
  const { interval, count } = normalizeRecurring(spec);
  if (count === 1) return { kind: 'per', key: interval, interval, count: 1 };
  if (interval === 'month' && (count === 3 || count === 6)) {
    return { kind: 'named', key: count === 3 ? 'month3' : 'month6', interval, count };
  }
  return { kind: 'every', key: interval, interval, count };
}

const MONTHS_PER: Partial<Record<RecurringInterval, number>> = { month: 1, year: 12 };

/**
 * The end of `periods` billing periods starting at `start` (UTC). Hour, day and week add exact
 * seconds; month and year are calendar arithmetic, as customers expect a monthly plan started on the
 * 15th to renew on the 15th. A day the target month lacks is clamped to its last day: Jan 31 + 1
 * month = Feb 28 (Feb 29 in a leap year), Feb 29 + 1 year = Feb 28. The time of day is kept.
 * Renewals should count periods from the original start (`periods` = n) rather than chain single
 * steps, so a plan started on Jan 31 renews on Feb 28 and then Mar 31, not Mar 28.
 */
export function addInterval(start: Date, spec: RecurringSpec, periods = 1): Date {
  const time = start.getTime();
  if (Number.isNaN(time)) throw new RangeError('start must be a valid date');
  if (!Number.isSafeInteger(periods) || periods < 0) {
    throw new RangeError(`periods must be a non-negative integer, got ${periods}`);
  }
  const { interval, count } = normalizeRecurring(spec);
  const steps = count * periods;
  const monthsPer = MONTHS_PER[interval];
  if (monthsPer === undefined) return new Date(time + Number(INTERVAL_SECONDS[interval]) * 1000 * steps);
  const monthIndex = start.getUTCMonth() + steps * monthsPer;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const result = new Date(0);
  // Day 0 of the next month is the last day of this one.
  result.setUTCFullYear(year, month + 1, 0);
  const lastDay = result.getUTCDate();
  result.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  result.setUTCHours(
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
  return result;
}
