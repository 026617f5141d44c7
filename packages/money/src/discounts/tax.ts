// Manual tax rates on one line, computed on the line's amount after its discount. An exclusive rate
// adds p% of the line's net (pre-tax) amount on top; an inclusive rate is already inside the amount,
// its part is amount x p / (100 + the line's inclusive percentages). Each tax rounds half up.
import { divRoundHalfUp, requirePercent, type Percent } from './percent.js';

export interface TaxRateTerms {
  id: string;
  /** Exact decimal text between 0 and 100, e.g. "8.875". */
  percentage: string;
  inclusive: boolean;
}

export interface LineTax {
  taxRateId: string;
  inclusive: boolean;
  /** The tax amount, smallest units. */
  amount: bigint;
  /** What the tax was computed on: the line's amount without any tax. */
  taxableAmount: bigint;
}

/** Every percentage scaled to millionths of a percent so rates of different precision add up. */
const MICRO = 1_000_000n;
const HUNDRED_PERCENT = 100n * MICRO;

function micro(p: Percent): bigint {
  return (p.numerator * MICRO) / p.scale;
}

/**
 * The taxes of a line that costs `amount` (already discounted). Inclusive taxes are parts of
 * `amount`; exclusive taxes come on top of the amount without its inclusive taxes.
 */
export function lineTaxes(amount: bigint, rates: readonly TaxRateTerms[]): LineTax[] {
  if (amount < 0n) throw new RangeError('a taxed amount is never negative');
  const parsed = rates.map((rate) => ({ rate, p: micro(requirePercent(rate.percentage)) }));
  const inclusiveSum = parsed.filter((r) => r.rate.inclusive).reduce((sum, r) => sum + r.p, 0n);
  const divisor = HUNDRED_PERCENT + inclusiveSum;
  const inclusiveTaxes = parsed.map((r) => (r.rate.inclusive ? divRoundHalfUp(amount * r.p, divisor) : 0n));
  const taxable = amount - inclusiveTaxes.reduce((sum, tax) => sum + tax, 0n);
  return parsed.map(({ rate, p }, index) => ({
    taxRateId: rate.id,
    inclusive: rate.inclusive,
    amount: rate.inclusive ? (inclusiveTaxes[index] ?? 0n) : divRoundHalfUp(taxable * p, HUNDRED_PERCENT),
    taxableAmount: taxable,
  }));
}
