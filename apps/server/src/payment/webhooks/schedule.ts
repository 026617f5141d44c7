/** Retries stop three days after the event was first tried on the endpoint. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** No wait between two tries is longer than this. */
const MAX_DELAY_MS = 12 * 60 * 60 * 1000;

/**
 * When to try again after `attemptsDone` failed tries: `base × 2^(attemptsDone−1)`, capped at 12 h
 * (with the default base of one minute: 1, 2, 4, 8 … minutes, then 12 h), or null when that time falls
 * after the three-day window of a delivery created at `createdAt`.
 */
export function nextRetryAt(createdAt: Date, attemptsDone: number, now: Date, baseMs: number): Date | null {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attemptsDone - 1), MAX_DELAY_MS);
  const at = new Date(now.getTime() + delay);
  return at.getTime() > createdAt.getTime() + RETRY_WINDOW_MS ? null : at;
}
