// Proration of a plan change to the second, Stripe's rule: for every item whose price or quantity
// changes, credit the unused time of the old item and charge the remaining time of the new one, from
// the change instant to the end of the current period. Each line is rounded on its own, half up in
// magnitude (a credit of 1.5 units is -2, a charge of 1.5 is 2), in exact bigint arithmetic.
import { toSeconds, type Period } from './period.js';

/** One subscription item: `amount` is its price for one whole period at `quantity` (unit x quantity). */
export interface BillingItem {
  priceId: string;
  quantity: number;
  amount: bigint;
}

export interface ProrationLine {
  priceId: string;
  quantity: number;
  /** Negative for the credit of unused time, positive for the charge of remaining time. */
  amount: bigint;
  kind: 'unused_time' | 'remaining_time';
  /** The change instant (whole second) to the end of the period. */
  periodStart: Date;
  periodEnd: Date;
}

/**
 * amount x part / whole rounded half up, for amount >= 0 and 0 <= part <= whole, whole > 0:
 * floor((2 x amount x part + whole) / (2 x whole)).
 */
export function prorate(amount: bigint, part: bigint, whole: bigint): bigint {
  if (amount < 0n) throw new RangeError('amount must not be negative');
  if (whole <= 0n || part < 0n || part > whole) throw new RangeError('part must lie within 0..whole');
  return (2n * amount * part + whole) / (2n * whole);
}

function checkItems(items: readonly BillingItem[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.priceId)) throw new RangeError(`price ${item.priceId} appears twice`);
    seen.add(item.priceId);
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
      throw new RangeError('quantity must be a non-negative integer');
    }
    if (item.amount < 0n) throw new RangeError('item amount must not be negative');
  }
}

/**
 * The proration lines of changing `from` into `to` at `at` within `period` (start <= at < end).
 * Items are matched by price; one whose quantity and amount stay the same gives no line, a quantity
 * change gives a credit for the old quantity and a charge for the new one. Credits come first (in
 * `from` order), then charges (in `to` order); zero-amount and zero-quantity lines are left out.
 */
export function prorationLines(
  from: readonly BillingItem[],
  to: readonly BillingItem[],
  period: Period,
  at: Date,
): ProrationLine[] {
  checkItems(from);
  checkItems(to);
  // Inside the period to the millisecond; the proration itself counts whole seconds, so a change in
  // the period's last partial second has no time left to prorate (remaining 0, no lines).
  if (at.getTime() < period.start.getTime() || at.getTime() >= period.end.getTime()) {
    throw new RangeError('the change must fall inside the period');
  }
  const start = toSeconds(period.start);
  const end = toSeconds(period.end);
  const now = toSeconds(at);
  const whole = end - start;
  const remaining = end - now;
  const periodStart = new Date(Number(now) * 1000);
  const same = (a: BillingItem, list: readonly BillingItem[]) =>
    list.some((b) => b.priceId === a.priceId && b.quantity === a.quantity && b.amount === a.amount);
  const lines: ProrationLine[] = [];
  const push = (item: BillingItem, kind: ProrationLine['kind']) => {
    const part = prorate(item.amount, remaining, whole);
    if (item.quantity === 0 || part === 0n) return;
    const amount = kind === 'unused_time' ? -part : part;
    lines.push({
      priceId: item.priceId,
      quantity: item.quantity,
      amount,
      kind,
      periodStart,
      periodEnd: period.end,
    });
  };
  for (const item of from) if (!same(item, to)) push(item, 'unused_time');
  for (const item of to) if (!same(item, from)) push(item, 'remaining_time');
  return lines;
}

export const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];
