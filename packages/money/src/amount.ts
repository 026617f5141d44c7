// Amounts are bigint counts of a currency's smallest unit. Every conversion here works on decimal
// digit strings: no JS number ever holds an amount, so 18-decimal tokens and 2^200-sized values stay exact.

import { AmountInvalidError, AmountPrecisionError } from './errors.js';
import { localizeDecimal } from './locale-format.js';

/** SPEC §9: amounts default to 6 fractional digits of precision. */
export const DEFAULT_PRECISION = 6;
/** SPEC §9: token decimals default to 18 when formatting. */
export const DEFAULT_DECIMALS = 18;
/** numeric(78,0) holds 78 digits, so a currency can have at most 77 fractional ones. */
export const MAX_DECIMALS = 77;

export interface ParseAmountOptions {
  /** Accept a leading '-' (refunds, adjustments). Off by default: prices and payments are never negative. */
  allowNegative?: boolean;
}

export interface FormatAmountOptions {
  /** Fractional digits shown, cut toward zero (default 6, never more than `decimals`). */
  precision?: number;
  /** BCP 47 locale. Without one the output is locale-free: ',' groups and '.' decimal point. */
  locale?: string;
  /** Thousands grouping (default true). */
  grouping?: boolean;
  /** Drop trailing fractional zeros (default true); false pads to the shown precision. */
  trimZeros?: boolean;
}

/** Optional '-', digits, optional '.' and digits. No exponent, grouping, '+', or non-ASCII digits. */
const DECIMAL_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;
const INTEGER_PATTERN = /^-?\d+$/;

function assertDigitCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_DECIMALS) {
    throw new RangeError(`${name} must be an integer between 0 and ${MAX_DECIMALS}, got ${value}`);
  }
}

/**
 * Parses a human decimal string ("12.5", ".5", "5.", " 0.000001 ") into smallest units.
 *
 * - Surrounding whitespace is ignored; anything else that is not plain decimal notation is
 *   AMOUNT_INVALID (exponents, grouping separators, '+', "NaN", "", ".", "-").
 * - Trailing fractional zeros are not significant: "1.50000000" has 1 decimal place.
 * - More significant fractional digits than min(precision, decimals) is AMOUNT_PRECISION, and the
 *   message names that effective limit (a 2-decimal currency cannot take a third digit whatever the
 *   precision setting says).
 * - decimals and precision must be integers in 0..77 (RangeError otherwise: a programming error).
 */
export function parseAmount(
  text: string,
  decimals: number,
  precision: number = DEFAULT_PRECISION,
  options: ParseAmountOptions = {},
): bigint {
  assertDigitCount('decimals', decimals);
  assertDigitCount('precision', precision);
  if (typeof text !== 'string') throw new AmountInvalidError(String(text));
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) throw new AmountInvalidError(text);
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') throw new AmountInvalidError(text);
  if (sign !== undefined && !options.allowNegative) throw new AmountInvalidError(text);

  const significant = fraction.replace(/0+$/, '');
  const limit = Math.min(precision, decimals);
  if (significant.length > limit) throw new AmountPrecisionError(limit);

  const units = BigInt(`${whole}${significant.padEnd(decimals, '0')}` || '0');
  return sign === undefined ? units : -units;
}

/** Non-throwing variant for live form validation: the error instead of the value. */
export function tryParseAmount(
  text: string,
  decimals: number,
  precision: number = DEFAULT_PRECISION,
  options: ParseAmountOptions = {},
): { ok: true; units: bigint } | { ok: false; error: AmountInvalidError | AmountPrecisionError } {
  try {
    return { ok: true, units: parseAmount(text, decimals, precision, options) };
  } catch (error) {
    if (error instanceof AmountInvalidError || error instanceof AmountPrecisionError)
      return { ok: false, error };
    throw error;
  }
}

interface SplitAmount {
  negative: boolean;
  whole: string;
  /** Exactly `decimals` digits. */
  fraction: string;
}

function splitUnits(units: bigint, decimals: number): SplitAmount {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return { negative, whole: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/** Exact decimal string without grouping or trailing fractional zeros: 1500000n, 6 -> "1.5". */
export function toDecimalString(units: bigint, decimals: number): string {
  assertDigitCount('decimals', decimals);
  const { negative, whole, fraction } = splitUnits(units, decimals);
  const shown = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${shown ? `.${shown}` : ''}`;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Display string for an amount, exact to the last shown digit. Digits beyond `precision` are cut
 * toward zero (never rounded up: a balance must not look larger than it is), and a value that cuts
 * to zero is shown without a minus sign.
 */
export function formatAmount(
  units: bigint,
  decimals: number = DEFAULT_DECIMALS,
  opts: FormatAmountOptions = {},
): string {
  const precision = opts.precision ?? DEFAULT_PRECISION;
  assertDigitCount('decimals', decimals);
  assertDigitCount('precision', precision);
  const grouping = opts.grouping ?? true;
  const { negative, whole, fraction } = splitUnits(units, decimals);
  let shown = fraction.slice(0, Math.min(precision, decimals));
  if (opts.trimZeros ?? true) shown = shown.replace(/0+$/, '');
  const isZero = /^0+$/.test(whole) && /^0*$/.test(shown);
  const signed = negative && !isZero;

  if (opts.locale !== undefined) return localizeDecimal(signed, whole, shown, opts.locale, grouping);
  const integer = grouping ? groupThousands(whole) : whole;
  return `${signed ? '-' : ''}${integer}${shown ? `.${shown}` : ''}`;
}

/** Amounts travel through JSON as integer strings (a JSON number would lose digits). */
export function amountToJson(units: bigint): string {
  return units.toString();
}

/** Reads an amount written by amountToJson; anything but /^-?\d+$/ is AMOUNT_INVALID. */
export function amountFromJson(text: string): bigint {
  if (typeof text !== 'string' || !INTEGER_PATTERN.test(text)) throw new AmountInvalidError(String(text));
  return BigInt(text);
}

/**
 * The same human amount in a currency with other decimals: 1.5 at 18 decimals -> 1.5 at 6. Exact or an
 * AMOUNT_PRECISION error (the amount has more fractional digits than the target currency holds).
 */
export function rescaleUnits(units: bigint, fromDecimals: number, toDecimals: number): bigint {
  assertDigitCount('fromDecimals', fromDecimals);
  assertDigitCount('toDecimals', toDecimals);
  if (toDecimals >= fromDecimals) return units * 10n ** BigInt(toDecimals - fromDecimals);
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  if (units % divisor !== 0n) throw new AmountPrecisionError(toDecimals);
  return units / divisor;
}
