// An expired checkout can no longer be paid, so its payment stops showing as open: the intent still
// waiting for a transfer is canceled (`cancellation_reason: checkout_expired`) when the session
// expires. One with money moving (`processing`) or paid is left alone; a transfer sent for a canceled
// one and posted later is recorded and refunded (intents/settle.ts), instead of being ignored.
// Callers hold the session's lock (the session, then its intent: the lock order of every checkout path).
import { cancelIntent, getIntent } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';
import type { SessionRow } from './repo.js';

const WAITING = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export async function closeExpiredIntent(tx: DbLike, row: SessionRow): Promise<void> {
  if (!row.paymentIntentId) return;
  const intent = await getIntent(tx, row.paymentIntentId, true);
  if (intent && WAITING.has(intent.status)) await cancelIntent(tx, intent, 'checkout_expired');
}
