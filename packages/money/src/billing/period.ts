// Billing periods counted from an anchor: period n runs from addInterval(anchor, n) to
// addInterval(anchor, n + 1), so a plan anchored on Jan 31 renews on Feb 28, Mar 31, Apr 30 (never
// drifting to the 28th). All instants are whole seconds: billing ignores milliseconds.
import { addInterval, INTERVAL_SECONDS, normalizeRecurring, type RecurringSpec } from '../interval.js';

/** A billing period, start inclusive, end exclusive. */
export interface Period {
  start: Date;
  end: Date;
}

/** Unix seconds of an instant (milliseconds dropped, towards the past). Throws on an invalid date. */
export function toSeconds(at: Date): bigint {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid date');
  return BigInt(Math.floor(ms / 1000));
}

/** Period number `index` (0 = the first) of a subscription anchored at `anchor`. */
export function periodBounds(anchor: Date, spec: RecurringSpec, index: number): Period {
  return { start: addInterval(anchor, spec, index), end: addInterval(anchor, spec, index + 1) };
}

/** A first guess of how many whole periods lie between anchor and at; periodAt corrects it. */
function estimate(anchor: Date, spec: RecurringSpec, at: Date): number {
  const { interval, count } = normalizeRecurring(spec);
  if (interval === 'month' || interval === 'year') {
    const months =
      (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth();
    return Math.max(0, Math.floor(months / (count * (interval === 'year' ? 12 : 1))));
  }
  const span = Number(INTERVAL_SECONDS[interval]) * 1000 * count;
  return Math.max(0, Math.floor((at.getTime() - anchor.getTime()) / span));
}

/**
 * The period that contains `at` (start <= at < end) and its index. `at` before the anchor is a
 * RangeError: a subscription has no period before it starts.
 */
export function periodAt(anchor: Date, spec: RecurringSpec, at: Date): Period & { index: number } {
  if (at.getTime() < anchor.getTime()) throw new RangeError('at is before the anchor');
  let index = estimate(anchor, spec, at);
  // The estimate is off by at most one period either way (clamped month ends, time of day).
  while (index > 0 && addInterval(anchor, spec, index).getTime() > at.getTime()) index -= 1;
  while (addInterval(anchor, spec, index + 1).getTime() <= at.getTime()) index += 1;
  return { index, ...periodBounds(anchor, spec, index) };
}

/** The period after the one that ends at `currentEnd` (a renewal's new period). */
export function nextPeriod(anchor: Date, spec: RecurringSpec, currentEnd: Date): Period & { index: number } {
  return periodAt(anchor, spec, currentEnd);
}
