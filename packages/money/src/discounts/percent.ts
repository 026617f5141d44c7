// Exact decimal percentages ("12.5", "7.25") as a fraction of two bigints, and the one rounding rule
// of discounts and taxes: half up, on non-negative amounts. No JS number ever holds a percentage.

/** A percentage p as numerator / scale, so p% of x is x * numerator / (100 * scale). */
export interface Percent {
  numerator: bigint;
  scale: bigint;
}

/** At most this many fractional digits in a percentage (Stripe allows 4 for tax rates). */
export const PERCENT_MAX_FRACTION_DIGITS = 6;

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,6}))?$/;

/** Parses "12.5" into 125/10. Null unless it is a plain decimal between 0 and 100 inclusive. */
export function parsePercent(text: string): Percent | null {
  const match = PERCENT_PATTERN.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const scale = 10n ** BigInt(fraction.length);
  const numerator = BigInt(`${match[1] ?? '0'}${fraction}`);
  if (numerator > 100n * scale) return null;
  return { numerator, scale };
}

/** The canonical text of a percentage: no trailing fractional zeros, no leading zeros. */
export function percentToString(p: Percent): string {
  const whole = p.numerator / p.scale;
  const digits = p.scale.toString().length - 1;
  if (digits === 0) return whole.toString();
  const fraction = (p.numerator % p.scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Like parsePercent, but throws a RangeError for an invalid text. */
export function requirePercent(text: string): Percent {
  const p = parsePercent(text);
  if (!p) throw new RangeError(`percentage must be a decimal between 0 and 100, got ${JSON.stringify(text)}`);
  return p;
}

/** numerator / denominator rounded half up, for numerator >= 0 and denominator > 0. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divRoundHalfUp takes n >= 0 and d > 0');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** p% of amount, rounded half up. */
export function percentOf(amount: bigint, p: Percent): bigint {
  return divRoundHalfUp(amount * p.numerator, 100n * p.scale);
}
