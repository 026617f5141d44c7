// A card method's secrets at rest: the secret key and the webhook signing secret are stored sealed
// (AES-256-GCM under the instance's rail-settings key, bound to the method's id) beside a masked hint
// (`sk_test_…1234`) that the API shows; the plaintext exists only in memory while the rail uses it.
import type { SecretBox } from '../../core/secret-box.js';
import { RailError } from '../types.js';

export const SECRET_FIELDS = ['secret_key', 'webhook_signing_secret'] as const;

/** A secret as stored: the sealed text and the hint shown in its place. */
export interface SealedSecret {
  sealed: string;
  hint: string;
}

export function isSealed(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.sealed === 'string' && typeof v.hint === 'string';
}

/** The secret's kind kept (`sk_test_`, `rk_live_`, `whsec_`) and its last four characters. */
export function hintOf(secret: string): string {
  const kind = /^(?:(?:sk|rk)_(?:test|live)_|whsec_)/.exec(secret)?.[0] ?? '';
  return `${kind}…${secret.length > kind.length + 8 ? secret.slice(-4) : ''}`;
}

/** `settings.stripe` with every plaintext secret sealed for method `methodId`; sealed ones are kept. */
export function sealStripeSettings(
  box: SecretBox,
  methodId: string,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  const raw = settings.stripe;
  if (typeof raw !== 'object' || raw === null) return settings;
  const stripe = { ...(raw as Record<string, unknown>) };
  for (const field of SECRET_FIELDS) {
    const value = stripe[field];
    if (typeof value === 'string' && value !== '') {
      stripe[field] = { sealed: box.seal(value, methodId), hint: hintOf(value) } satisfies SealedSecret;
    }
  }
  return { ...settings, stripe };
}

/**
 * The plaintext of a stored secret: a sealed one opened, a plaintext one (given in a request not yet
 * stored, or a row from before sealing) as it is; null when absent.
 */
export function openSecret(box: SecretBox | null, methodId: string, value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (!isSealed(value)) return null;
  const plain = box?.open(value.sealed, methodId) ?? null;
  if (plain === null) {
    throw new RailError(
      'rail_misconfigured',
      `card method ${methodId}: its secrets were sealed under another instance key (APP_SK changed); enter them again`,
    );
  }
  return plain;
}
