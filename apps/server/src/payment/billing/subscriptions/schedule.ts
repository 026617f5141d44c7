// Billing time rules (pure): the next period from the anchor, and the dunning schedule.
import { addInterval, type RecurringInterval } from '@payshelf/money';

const DAY_MS = 86_400_000;

export interface Cycle {
  interval: RecurringInterval;
  intervalCount: number;
}

/**
 * The period after the one ending at `currentEnd`: periods are counted from `anchor` with calendar
 * arithmetic (addInterval), so a Jan 31 anchor bills Feb 28 (29), Mar 31, Apr 30: a short month never
 * shifts the day of the following ones.
 */
export function nextPeriod(anchor: Date, cycle: Cycle, currentEnd: Date): { start: Date; end: Date } {
  const spec = { interval: cycle.interval, interval_count: cycle.intervalCount };
  const one = addInterval(anchor, spec, 1).getTime() - anchor.getTime();
  // Start just below the right count (periods never last less than a fixed interval's 28-day month).
  let n = Math.max(1, Math.floor((currentEnd.getTime() - anchor.getTime()) / Math.max(one, 1)) - 1);
  while (addInterval(anchor, spec, n).getTime() <= currentEnd.getTime()) n += 1;
  return { start: currentEnd, end: addInterval(anchor, spec, n) };
}

export interface DunningSettings {
  /** Days after the first failure each retry runs (default 1, 3, 5). */
  retryDays: readonly number[];
  graceDays: number;
  action: 'cancel' | 'keep';
}

/**
 * After a failed collection attempt (`attemptCount` attempts made so far, the first try included):
 * when the next retry runs (counted from the first attempt), or null when that was the last one.
 */
export function nextRetry(settings: DunningSettings, attemptCount: number, firstAttempt: Date): Date | null {
  const days = settings.retryDays[attemptCount - 1];
  return days === undefined ? null : new Date(firstAttempt.getTime() + days * DAY_MS);
}

/** When the past-due grace of a subscription that went past_due at `pastDueAt` ends (null: never acts). */
export function graceEnd(settings: DunningSettings, pastDueAt: Date): Date | null {
  return settings.action === 'keep' ? null : new Date(pastDueAt.getTime() + settings.graceDays * DAY_MS);
}
