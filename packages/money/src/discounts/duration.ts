// How long a subscription keeps its coupon (Stripe's duration): `once` discounts only the first
// invoice; `repeating` discounts every invoice issued before start + duration_in_months; `forever`
// discounts every invoice.
import { addInterval } from '../interval.js';
import type { CouponDuration } from './coupon.js';

export interface DurationTerms {
  duration: CouponDuration;
  duration_in_months?: number | null;
}

/** When a repeating discount ends; null for once (ends after one invoice) and forever. */
export function discountEnd(terms: DurationTerms, start: Date): Date | null {
  if (terms.duration !== 'repeating') return null;
  const months = terms.duration_in_months ?? 0;
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError('duration_in_months must be >= 1');
  return addInterval(start, { interval: 'month', interval_count: months });
}

/**
 * Whether an invoice issued at `at` gets the discount that started at `start`, given how many invoices
 * the discount has already been applied to.
 */
export function discountApplies(
  terms: DurationTerms,
  start: Date,
  at: Date,
  invoicesDiscounted: number,
): boolean {
  if (terms.duration === 'forever') return true;
  if (terms.duration === 'once') return invoicesDiscounted === 0;
  const end = discountEnd(terms, start);
  return end !== null && at.getTime() < end.getTime();
}
