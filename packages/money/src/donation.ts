// Donation amount rules (SPEC §5). The payment link's donation_settings hold human decimal strings
// ("5", "0.5"); they are converted exactly into smallest units of the chosen currency here.

import { parseAmount, toDecimalString } from './amount.js';
import { DonationAmountError } from './errors.js';

export interface DonationAmountSettings {
  presets?: readonly string[] | null;
  /** The preset chosen initially, when it is one of `presets`. */
  preset?: string | null;
  minimum?: string | null;
  maximum?: string | null;
  /** Whether a custom amount may be typed. */
  custom?: boolean | null;
}

export interface DonationSettings {
  amount?: DonationAmountSettings | null;
}

/** SPEC §5: the minimum defaults to 0. */
export const DEFAULT_DONATION_MINIMUM = '0';
/** SPEC §5: without presets the custom upper bound defaults to 100 (human units). */
export const DEFAULT_DONATION_MAXIMUM = '100';
/** SPEC §5: with presets the custom upper bound defaults to five times the largest one. */
export const DONATION_PRESET_MAXIMUM_FACTOR = 5n;

export interface DonationLimits {
  /** In configured order, smallest units. */
  presets: bigint[];
  min: bigint;
  /** The configured maximum, null when none is set (SPEC: "maximum (default none)"). */
  configuredMax: bigint | null;
  /** Upper bound of the custom amount: the configured maximum, else the default bound. */
  max: bigint;
}

export type DonationChoice =
  { kind: 'preset'; index: number; amount: bigint } | { kind: 'custom'; amount: bigint | null };

function isSet(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Settings are the merchant's: any number of decimals the currency holds is accepted. */
function toUnits(text: string, decimals: number): bigint {
  return parseAmount(text, decimals, decimals);
}

/**
 * Bounds of the donation amount in smallest units. Blank strings count as not set. When no maximum
 * is configured the bound is 5 x the largest preset, or 100 without presets, and never below the
 * minimum (otherwise no amount at all could be entered). Invalid strings throw AMOUNT_INVALID or
 * AMOUNT_PRECISION (more decimals than the currency has).
 */
export function donationLimits(
  settings: DonationSettings | null | undefined,
  decimals: number,
): DonationLimits {
  const amount = settings?.amount ?? {};
  const presets = (amount.presets ?? []).filter(isSet).map((preset) => toUnits(preset, decimals));
  const min = toUnits(isSet(amount.minimum) ? amount.minimum : DEFAULT_DONATION_MINIMUM, decimals);
  const configuredMax = isSet(amount.maximum) ? toUnits(amount.maximum, decimals) : null;
  if (configuredMax !== null) return { presets, min, configuredMax, max: configuredMax };

  const largest = presets.reduce<bigint | null>(
    (top, preset) => (top === null || preset > top ? preset : top),
    null,
  );
  const fallback =
    largest === null ? toUnits(DEFAULT_DONATION_MAXIMUM, decimals) : largest * DONATION_PRESET_MAXIMUM_FACTOR;
  return { presets, min, configuredMax, max: fallback < min ? min : fallback };
}

/**
 * The amount selected when the form opens: the configured `preset` when it equals one of the presets
 * (by value, so "5" matches "5.00"), else the middle preset. For an even count the middle is index
 * n / 2, the upper of the two central presets (4 presets -> the third), nudging towards the larger
 * gift. Without presets: a custom amount, prefilled with `preset` when set, else empty (null).
 */
export function initialDonationChoice(
  settings: DonationSettings | null | undefined,
  decimals: number,
): DonationChoice {
  const { presets } = donationLimits(settings, decimals);
  const configured = settings?.amount?.preset;
  const preferred = isSet(configured) ? toUnits(configured, decimals) : null;
  if (presets.length === 0) return { kind: 'custom', amount: preferred };

  const configuredIndex = preferred === null ? -1 : presets.indexOf(preferred);
  const index = configuredIndex >= 0 ? configuredIndex : Math.floor(presets.length / 2);
  return { kind: 'preset', index, amount: presets[index] ?? 0n };
}

/**
 * SPEC §5: the custom amount must lie in [min, max] (both inclusive), else 'Please enter an amount
 * between {min} and {max}.' Returns that error (with exact human strings `min` and `max` for the UI
 * to format) or null when the amount is fine.
 */
export function checkDonationAmount(
  amount: bigint,
  settings: DonationSettings | null | undefined,
  decimals: number,
): DonationAmountError | null {
  const { min, max } = donationLimits(settings, decimals);
  if (amount >= min && amount <= max) return null;
  return new DonationAmountError(toDecimalString(min, decimals), toDecimalString(max, decimals));
}
