import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook request carries: `t=<unix seconds>,v1=<hex HMAC-SHA256>` (Stripe's scheme). */
export const WEBHOOK_SIGNATURE_HEADER = 'Payshelf-Signature';

export type WebhookVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch' };

/** hex HMAC-SHA256 of `<t>.<payload>` under the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The header value for a payload signed at `timestamp` (unix seconds). */
export function signWebhookPayload(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, payload)}`;
}

/**
 * Checks a `Payshelf-Signature` header against the raw request body (the exact bytes received, before
 * any JSON parsing) and the endpoint's `whsec_…` secret. Accepts it when one `v1` signature matches
 * (there may be several while a secret rotates) and `t` is within `toleranceSeconds` of now, which
 * refuses replays of an old request; a tolerance of 0 skips the time check.
 */
export function verifyWebhookSignature(
  payload: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  now: number = Math.floor(Date.now() / 1000),
): WebhookVerification {
  if (!header) return { ok: false, reason: 'malformed_header' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (at <= 0) continue;
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  if (toleranceSeconds > 0 && Math.abs(now - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  }
  const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
  const expected = Buffer.from(webhookSignature(secret, timestamp, text), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}
