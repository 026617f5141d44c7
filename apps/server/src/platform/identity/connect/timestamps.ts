/** How far a wallet's clock may run ahead of ours, and the longest validity an answer may claim. */
export const MAX_CLOCK_SKEW_SECONDS = 5; // the tolerance @arcblock/jwt applies too
export const MAX_ANSWER_LIFETIME_SECONDS = 600;

/**
 * The JWT library accepts an answer without `iat`/`exp`, which would make a leaked answer good
 * forever. We require both, refuse answers issued in the future (beyond the skew), expired ones, and
 * ones that claim to be valid for longer than an answer needs to be.
 */
export function checkAnswerTimes(
  body: { iat?: unknown; exp?: unknown },
  nowSeconds: number,
): { ok: true } | { ok: false; reason: string } {
  const iat = Number(body.iat);
  const exp = Number(body.exp);
  if (!Number.isFinite(iat) || !Number.isFinite(exp) || iat <= 0 || exp <= 0) {
    return { ok: false, reason: 'The answer must carry iat and exp' };
  }
  if (iat - nowSeconds > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'The answer was issued in the future: check the device clock' };
  }
  if (exp < nowSeconds - MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'The answer has expired: check the device clock' };
  }
  if (exp - iat > MAX_ANSWER_LIFETIME_SECONDS) {
    return { ok: false, reason: 'The answer claims too long a validity' };
  }
  return { ok: true };
}
