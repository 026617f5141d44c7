// A card payment's transfer reference: its PaymentIntent id (`pi_…`, at most 32 characters) written as
// 32 bytes of hex, the shape every transfer reference of the payment flows has (they compare them
// without case, and Stripe ids are case-sensitive). A refund's is the hash of the refund's own id.
import { createHash } from 'node:crypto';

export function txRefOfIntent(paymentIntentId: string): string {
  const hex = Buffer.from(paymentIntentId, 'utf8').toString('hex');
  if (hex.length > 64) throw new Error(`payment intent id too long: ${paymentIntentId}`);
  return `0x${hex.padEnd(64, '0')}`;
}

/** The PaymentIntent id a transfer reference names, or null when it names none. */
export function intentOfTxRef(txRef: string): string | null {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txRef)) return null;
  const text = Buffer.from(txRef.slice(2).replace(/(00)+$/, ''), 'hex').toString('utf8');
  return /^pi_[A-Za-z0-9]+$/.test(text) ? text : null;
}

/** The transfer reference of our refund `reference` (its Stripe refund carries the reference too). */
export function txRefOfRefund(reference: string): string {
  return `0x${createHash('sha256').update(`refund:${reference}`).digest('hex')}`;
}

/** Stripe's minor unit of a currency: none for the zero-decimal ones, two otherwise. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export function minorUnits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
}

/** Our amount (in the currency's `decimals`) as Stripe's (in its minor unit); null when not exact. */
export function toStripeAmount(amount: bigint, decimals: number, currency: string): bigint | null {
  const minor = minorUnits(currency);
  if (decimals >= minor) {
    const factor = 10n ** BigInt(decimals - minor);
    return amount % factor === 0n ? amount / factor : null;
  }
  return amount * 10n ** BigInt(minor - decimals);
}

/** Stripe's amount back in our currency's `decimals`. */
export function fromStripeAmount(amount: bigint, decimals: number, currency: string): bigint {
  const minor = minorUnits(currency);
  return decimals >= minor
    ? amount * 10n ** BigInt(decimals - minor)
    : amount / 10n ** BigInt(minor - decimals);
}
