// The ERC-20 allowance a subscription asks the payer's wallet for, so renewals are collected by pull
// (transferFrom) without the wallet. It covers `periods` paid billing periods after today:
// - today's payment is sent by the wallet itself (a transfer), so it takes nothing from the allowance,
//   unless it is pulled from the same allowance (fast pay), then the allowance also covers it;
// - a trial is free today: its first paid invoice (at the trial's end) is the first of the periods;
// - without a trial, the first period is paid today: the periods are the renewals that follow it.
import type { RecurringInterval } from './interval.js';

/** Billing periods an allowance covers when neither the checkout nor the price says otherwise. */
export const DEFAULT_ALLOWANCE_PERIODS = 12;
/** The most periods a checkout may ask for (10 years of a monthly plan). */
export const MAX_ALLOWANCE_PERIODS = 120;

export interface AllowanceInput {
  /** What one billing period of the plan costs, in the currency's smallest unit (recurring lines). */
  perPeriod: bigint;
  /** Paid periods to cover, a whole number from 1 to MAX_ALLOWANCE_PERIODS. */
  periods: number;
  /** What today's payment pulls from the same allowance (0 when the wallet sends it, or a trial). */
  pulledToday: bigint;
}

/** The periods to cover: the checkout's choice, else the price's, else the default; clamped to 1..MAX. */
export function allowancePeriods(...choices: Array<number | null | undefined>): number {
  const chosen = choices.find((c): c is number => typeof c === 'number' && Number.isFinite(c));
  const whole = Math.trunc(chosen ?? DEFAULT_ALLOWANCE_PERIODS);
  return Math.min(MAX_ALLOWANCE_PERIODS, Math.max(1, whole));
}

/** The allowance amount: `periods` times the period's amount, plus what today's payment pulls. */
export function subscriptionAllowance(input: AllowanceInput): bigint {
  if (input.perPeriod < 0n || input.pulledToday < 0n) throw new RangeError('amounts must not be negative');
  if (!Number.isInteger(input.periods) || input.periods < 1) throw new RangeError('periods must be >= 1');
  return input.pulledToday + input.perPeriod * BigInt(input.periods);
}

/** The time `periods` billing periods span, in the plan's own unit ("about 12 months", "about 8 weeks"). */
export function allowanceSpan(
  interval: RecurringInterval,
  intervalCount: number,
  periods: number,
): { unit: 'hour' | 'day' | 'week' | 'month'; count: number } {
  const count = Math.max(1, intervalCount) * periods;
  return interval === 'year' ? { unit: 'month', count: count * 12 } : { unit: interval, count };
}

/**
 * Whether the remaining allowance still covers the next `upcoming` invoices: false as soon as it is
 * below their sum (the portal then offers to grant or renew it).
 */
export function allowanceCovers(remaining: bigint, perInvoice: bigint, upcoming = 1): boolean {
  return remaining >= perInvoice * BigInt(Math.max(1, upcoming));
}
