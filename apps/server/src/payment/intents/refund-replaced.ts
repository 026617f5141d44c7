// A refund whose committed transaction can never be mined, because another transaction used its
// nonce (the hot wallet's key signed something elsewhere, or a node forgot the transaction and the nonce
// went to the next one). The rule is shared with allowance pulls (intents/collect.ts): under the
// refund's row lock it is signed again with a fresh nonce and committed before it is sent, at most
// MAX_REFUND_SIGNS times in all; then it is `failed` with an error the operator sees
// (last_attempt_error) instead of staying `processing` forever.
import type { PaymentContext } from '../shared/context.js';
import { MAX_SIGNS, nonceLost, replacementStep } from './collect.js';
import { refundRail } from './refund-rail.js';
import { getRefund, updateRefund, type RefundRow } from './refunds.js';

/** How many times a refund's transaction is signed before it is given up as failed. */
export const MAX_REFUND_SIGNS = MAX_SIGNS;
export { replacementStep };

/**
 * Signs the refund again (committed, status still `processing`) or fails it; answers the row as it now
 * stands. A row another run already moved on (another hash, another status) is left as it is.
 */
export async function replaceRefund(
  ctx: PaymentContext,
  row: RefundRow,
  nonce: bigint,
): Promise<RefundRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const locked = await getRefund(tx, row.id, true);
    if (locked?.status !== 'processing' || locked.txRef !== row.txRef) return locked;
    const lost = nonceLost(row.txRef, nonce);
    if (replacementStep(locked.attemptCount) === 'fail') {
      ctx.services.log.error({ refund: row.id, nonce: nonce.toString() }, 'refund failed: nonce taken');
      return updateRefund(tx, locked, {
        status: 'failed',
        lastAttemptError: { message: `${lost}; signed ${locked.attemptCount} times, not again` },
      });
    }
    const { rail, request } = await refundRail(ctx, tx, locked);
    const signed = await rail.signRefund(request, tx);
    ctx.services.log.warn(
      { refund: row.id, nonce: nonce.toString(), next: signed.nonce.toString() },
      'refund: nonce taken; signed again',
    );
    return updateRefund(tx, locked, {
      txRef: signed.txRef.toLowerCase(),
      raw: signed.raw,
      nonce: signed.nonce,
      attemptCount: locked.attemptCount + 1,
      broadcastAt: null,
      lastAttemptError: { message: `${lost}; signed again with nonce ${signed.nonce}` },
    });
  });
}
