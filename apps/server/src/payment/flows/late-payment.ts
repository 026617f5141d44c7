// Flow: a transfer for an intent that was canceled before the money arrived. The buyer's wallet
// signed a transfer for the intent, then the buyer changed the cart (the intent was canceled and a new
// one replaces it at the next submit), and the transfer arrives anyway: posted to /tx, broadcast for
// the DID wallet, or confirmed by the watcher or the reconcile job. The money is on the merchant's
// address and must not vanish: it is recorded against the canceled intent (amount_received,
// payment_details.requires_refund) with a `pending` refund to its payer. It never completes the
// session: the session's total changed, and the replacing intent is the only thing that pays it.
import { type SessionRow } from '../checkout/index.js';
import {
  canceledIntentsOf,
  expectationOf,
  payingWith,
  recordAttempt,
  settleLateTransfer,
  settleUnderpaid,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';

/** How many of a session's canceled intents a posted transfer is checked against (newest first). */
const LATE_CANDIDATES = 3;

/**
 * A transaction posted to a session that does not pay its current intent: when it is a transfer for
 * one of the session's canceled intents, it is recorded for a refund now (confirmed) or watched until
 * it is (pending), and the answer is true. False when it pays none of them (nothing is recorded).
 */
export async function acceptLateTransfer(
  ctx: PaymentContext,
  row: SessionRow,
  hash: string,
  kind: 'wallet' | 'broadcast',
): Promise<boolean> {
  for (const canceled of await canceledIntentsOf(ctx.db, row.id, LATE_CANDIDATES)) {
    let paying;
    try {
      paying = await payingWith(
        ctx,
        ctx.db,
        canceled.livemode,
        canceled.paymentMethodId ?? '',
        canceled.currencyId,
      );
    } catch {
      continue;
    }
    const expectation = expectationOf(canceled, paying);
    const rail = paying.rail;
    const found = await ctx.db.transaction(async (tx) => {
      let result;
      try {
        result = await rail.verify(hash, expectation, { db: tx });
      } catch {
        return false;
      }
      const underpaid = result.status === 'rejected' ? result.underpaid : undefined;
      if (result.status === 'rejected' && !underpaid) return false;
      await recordAttempt(tx, {
        paymentIntentId: canceled.id,
        rail: rail.kind,
        kind,
        network: rail.network,
        txRef: hash,
      });
      // Too little for the canceled intent: claimed by verify, so refunded like any late transfer.
      if (underpaid) return (await settleUnderpaid(tx, canceled.id, underpaid)) !== null;
      if (result.status === 'rejected') return false;
      if (result.status === 'pending') {
        await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
        return true;
      }
      return settleLateTransfer(tx, canceled.id, result);
    });
    if (found) return true;
  }
  return false;
}
