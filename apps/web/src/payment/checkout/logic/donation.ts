// The donation checkout's rules (SPEC section 5 and 9) on top of @payshelf/money's donation bounds:
// the first choice (a remembered one when still valid), the custom amount check, the random amount
// and the beneficiaries' shares. Amounts are bigint smallest units of the chosen currency.
import {
  AmountPrecisionError,
  donationLimits,
  initialDonationChoice,
  tryParseAmount,
  type DonationChoice,
  type DonationLimits,
  type DonationSettings,
} from '@payshelf/money';
import type { PaymentCurrency } from '@payshelf/api';
import { webUrl } from './safeUrl';

export type { DonationChoice } from '@payshelf/money';

type Currency = Pick<PaymentCurrency, 'id' | 'decimal' | 'maximum_precision'>;

export interface DonationConfig {
  limits: DonationLimits;
  /** Whether the customer may type an amount (always when there are no presets). */
  custom: boolean;
  /** Fractional digits an amount may have: the currency's precision, at most its decimals. */
  precision: number;
  initial: DonationChoice;
}

/** Digits after the point a typed or random amount may have (the currency's, 6 when unset). */
export function amountPrecision(currency: Currency): number {
  return Math.min(currency.maximum_precision || 6, currency.decimal);
}

/**
 * The donation form's settings in `currency`. Settings that do not fit the currency (more decimals
 * than it has) give no presets and the default bounds rather than a broken page.
 */
export function donationConfig(
  settings: DonationSettings | null | undefined,
  currency: Currency,
): DonationConfig {
  const precision = amountPrecision(currency);
  try {
    const limits = donationLimits(settings, currency.decimal);
    const custom = limits.presets.length === 0 || settings?.amount?.custom !== false;
    return { limits, custom, precision, initial: initialDonationChoice(settings, currency.decimal) };
  } catch {
    const limits = donationLimits(null, currency.decimal);
    return { limits, custom: true, precision, initial: { kind: 'custom', amount: null } };
  }
}

export type CustomAmountProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'precision'; precision: number }
  | { kind: 'range'; min: bigint; max: bigint };

export type CustomAmountCheck = { ok: true; units: bigint } | { ok: false; problem: CustomAmountProblem };

/** A typed custom amount: present, a plain decimal, within the precision, within [min, max]. */
export function checkCustomAmount(
  text: string,
  currency: Currency,
  config: DonationConfig,
): CustomAmountCheck {
  if (text.trim() === '') return { ok: false, problem: { kind: 'required' } };
  const parsed = tryParseAmount(text, currency.decimal, config.precision);
  if (!parsed.ok) {
    return parsed.error instanceof AmountPrecisionError
      ? { ok: false, problem: { kind: 'precision', precision: parsed.error.precision } }
      : { ok: false, problem: { kind: 'invalid' } };
  }
  const { min, max } = config.limits;
  if (parsed.units < min || parsed.units > max) return { ok: false, problem: { kind: 'range', min, max } };
  return { ok: true, units: parsed.units };
}

/** A uniform random bigint in [0, bound) from the browser's CSPRNG (rejection sampling, no bias). */
export function cryptoRandomBelow(bound: bigint): bigint {
  if (bound <= 0n) throw new RangeError('bound must be positive');
  const bits = bound.toString(2).length;
  const words = Math.ceil(bits / 32);
  const excess = BigInt(words * 32 - bits);
  for (;;) {
    const values = crypto.getRandomValues(new Uint32Array(words));
    const candidate = values.reduce((acc, word) => (acc << 32n) | BigInt(word), 0n) >> excess;
    if (candidate < bound) return candidate;
  }
}

/**
 * A random amount in [min, max] that the currency's precision can express (a multiple of one step of
 * the last allowed digit), and never zero: a random gift of nothing makes no sense. Null when no such
 * amount exists in the range.
 */
export function randomDonationAmount(
  limits: Pick<DonationLimits, 'min' | 'max'>,
  decimals: number,
  precision: number,
  randomBelow: (bound: bigint) => bigint = cryptoRandomBelow,
): bigint | null {
  const step = 10n ** BigInt(Math.max(decimals - Math.min(precision, decimals), 0));
  const lowest = (limits.min + step - 1n) / step;
  const first = lowest < 1n ? 1n : lowest;
  const last = limits.max / step;
  if (last < first) return null;
  return (first + randomBelow(last - first + 1n)) * step;
}

/** What a beneficiary receives of `total`: its percent, rounded down to the smallest unit. */
export function beneficiaryShare(total: bigint, percent: number): bigint {
  return (total * BigInt(Math.trunc(percent))) / 100n;
}

/** Up to two initials for an avatar without a picture: "The author" -> "TA". */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

// SPEC section 9: donation choices are remembered per user in local storage, like the currency.
const PREFIX = 'payshelf.checkout.donation';
/** Choices kept per user: the most recent links only. */
const MAX_REMEMBERED = 20;

export interface StoredDonationChoice {
  currencyId: string;
  kind: DonationChoice['kind'];
  /** Smallest units, as a decimal string. */
  amount: string;
}

type Remembered = Record<string, StoredDonationChoice>;

export function donationStorageKey(userDid: string | undefined): string {
  return `${PREFIX}.${userDid ?? 'anonymous'}`;
}

function isStored(value: unknown): value is StoredDonationChoice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.currencyId === 'string' &&
    (v.kind === 'preset' || v.kind === 'custom') &&
    typeof v.amount === 'string' &&
    /^\d{1,78}$/.test(v.amount)
  );
}

function readAll(storage: Pick<Storage, 'getItem'> | undefined, userDid: string | undefined): Remembered {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(donationStorageKey(userDid)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isStored(value))) as Remembered;
  } catch {
    return {};
  }
}

/** The remembered choice for one donation (a payment link), or null. Never throws. */
export function readDonationChoice(
  storage: Pick<Storage, 'getItem'> | undefined,
  userDid: string | undefined,
  key: string,
): StoredDonationChoice | null {
  return readAll(storage, userDid)[key] ?? null;
}

export function writeDonationChoice(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  userDid: string | undefined,
  key: string,
  choice: StoredDonationChoice,
): void {
  const kept = Object.entries(readAll(storage, userDid))
    .filter(([other]) => other !== key)
    .slice(-(MAX_REMEMBERED - 1));
  try {
    storage?.setItem(
      donationStorageKey(userDid),
      JSON.stringify(Object.fromEntries([...kept, [key, choice]])),
    );
  } catch {
    // Private mode or a full quota: remembered for this visit only.
  }
}

/**
 * The remembered choice when it is still valid for these settings and this currency: a preset that is
 * still offered, or a custom amount while custom amounts are allowed, within the bounds and the
 * precision. Otherwise null (the form starts from the configured choice).
 */
export function restoreDonationChoice(
  stored: StoredDonationChoice | null,
  currency: Currency,
  config: DonationConfig,
): DonationChoice | null {
  if (!stored || stored.currencyId !== currency.id) return null;
  const amount = BigInt(stored.amount);
  if (stored.kind === 'preset') {
    const index = config.limits.presets.indexOf(amount);
    return index >= 0 ? { kind: 'preset', index, amount } : null;
  }
  if (!config.custom) return null;
  const step = 10n ** BigInt(currency.decimal - config.precision);
  const { min, max } = config.limits;
  return amount % step === 0n && amount >= min && amount <= max ? { kind: 'custom', amount } : null;
}

/** Where Cancel leads: the session's cancel_url (http or https only), else back, else the app. */
export type CancelTarget = { kind: 'url'; url: string } | { kind: 'back' } | { kind: 'home' };

export function cancelTarget(cancelUrl: string | null, historyLength: number): CancelTarget {
  const url = webUrl(cancelUrl);
  if (url) return { kind: 'url', url };
  return historyLength > 1 ? { kind: 'back' } : { kind: 'home' };
}
