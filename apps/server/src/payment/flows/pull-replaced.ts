// Flow: sending a committed allowance pull (fast pay, invoice collection), and the pull whose nonce
// another transaction of the hot wallet used. The same rule as refunds (intents/collect.ts): the
// committed bytes are sent (again) while they can still be mined; only when the rail answers that
// their nonce went to a different transaction is the pull signed again, under the intent's row lock
// (for an invoice: subscription → invoice → intent → nonce → attempts), recorded as the intent's new
// in-flight attempt (the old one `failed`, nonce_taken) and committed before it is sent. After
// MAX_SIGNS signatures, or when the allowance no longer covers it, the payment fails as a rejected
// transfer would (the checkout asks for payment again; the invoice plans its next retry).
import {
  type AttemptRow,
  collectAgain,
  failIntent,
  getIntent,
  nonceLost,
  type PayingWith,
  payingFor,
  replacementStep,
  sendCollected,
  settleAttempt,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { failInvoicePayment, lockInvoicePayment } from './invoice-payment.js';

export const NONCE_TAKEN = 'nonce_taken';

/** Fails the pull's payment (the intent asks for payment again; an invoice plans its next retry). */
async function failPull(ctx: PaymentContext, tx: DbLike, attempt: AttemptRow, code: string, why: string) {
  await settleAttempt(tx, attempt.paymentIntentId, attempt.txRef, 'failed', code);
  if (await failInvoicePayment(ctx, tx, attempt.paymentIntentId, attempt.txRef, code)) return;
  const intent = await getIntent(tx, attempt.paymentIntentId, true);
  if (intent?.status === 'processing') await failIntent(tx, intent, code, why);
}

/**
 * Signs the pull again (committed, intent still processing) or fails its payment. Answers the new
 * in-flight attempt to send, or null when there is none (failed, or another run already moved on).
 */
export async function replacePull(
  ctx: PaymentContext,
  attempt: AttemptRow,
  nonce: bigint,
): Promise<AttemptRow | null> {
  return ctx.db.transaction(async (tx) => {
    const invoice = await lockInvoicePayment(tx, attempt.paymentIntentId);
    const intent = invoice?.intent ?? (await getIntent(tx, attempt.paymentIntentId, true));
    const details = intent?.paymentDetails ?? {};
    const current = typeof details.tx_hash === 'string' ? details.tx_hash.toLowerCase() : null;
    if (intent?.status !== 'processing' || current !== attempt.txRef.toLowerCase()) return null;
    const signs = typeof details.pull_signs === 'number' ? details.pull_signs : 1;
    const lost = nonceLost(attempt.txRef, nonce);
    const payer = attempt.payer;
    if (replacementStep(signs) === 'fail' || !payer || !intent.paymentMethodId) {
      ctx.services.log.error({ intent: intent.id, nonce: nonce.toString() }, 'pull failed: nonce taken');
      await failPull(ctx, tx, attempt, NONCE_TAKEN, `${lost}; signed ${signs} times, not again`);
      return null;
    }
    const paying = await payingFor(ctx, tx, intent);
    const again = await collectAgain(ctx, tx, intent, paying, attempt, payer);
    if (again.status === 'declined') {
      if (again.reason === 'pull_failed') throw new Error(again.error);
      await failPull(ctx, tx, attempt, again.reason, `${lost}; the allowance no longer covers a new pull`);
      return null;
    }
    ctx.services.log.warn(
      { intent: intent.id, nonce: nonce.toString(), next: again.attempt.nonce?.toString() },
      'pull: nonce taken; signed again',
    );
    return again.attempt;
  });
}

/**
 * Sends a committed pull's signed bytes (again). When the chain refuses them because their nonce went
 * to another transaction, the pull is signed again (replacePull) and that one is sent. Answers the
 * attempt now in flight (null: the payment failed or moved on); throws when sending failed otherwise.
 */
export async function sendPull(
  ctx: PaymentContext,
  paying: PayingWith,
  attempt: AttemptRow,
): Promise<AttemptRow | null> {
  const sent = await sendCollected(ctx, paying, attempt);
  if (sent.status === 'sent') return attempt;
  const next = await replacePull(ctx, attempt, sent.nonce);
  return next ? sendPull(ctx, paying, next) : null;
}
