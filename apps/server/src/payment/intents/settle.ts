// What a confirmed transfer means for the intent it was made for: the one place that decides. Flows
// lock their own rows first (checkout session; subscription and invoice; a batch's invoices), then
// hand the locked intent and the transfer to `settle` and branch on its outcome:
//   paid / over   the transfer covers the frozen amount: the intent succeeds with it (over: more came)
//   short         less than the frozen amount, or the intent is no longer what is sold: it fails
//                 `payment_amount_mismatch` and asks again
//   late          the intent was canceled (replaced) before the money came: recorded, refunded
//   paid_twice    another transfer already paid it: this one is recorded and refunded
//   already_paid  this very transfer paid it before: nothing to do
// Short transfers the rail itself claims (`underpaid`) are settled by `settleUnderpaid`: recorded with
// what they paid, refunded in full, never summed. Every refund is once per transfer (refunds_transfer).
import { eq } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema/index.js';
import type { ConfirmedPayment } from './rail.js';
import type { DbLike } from '../shared/db.js';
import { recordAttemptAmount, settleAttempt } from './attempts.js';
import { covers } from './machine.js';
import { refundTransfer } from './refunds.js';
import { getIntent, type IntentRow } from './repo.js';
import { PROGRESS_KEYS } from './progress.js';
import { failIntent, recordExtraPayment, recordLatePayment, succeedIntent } from './service.js';

export type Settled =
  | { status: 'paid' | 'over'; intent: IntentRow; details: Record<string, unknown> }
  | { status: 'short' | 'late' | 'paid_twice' | 'already_paid'; intent: IntentRow };

export type PaidOutcome = Extract<Settled, { status: 'paid' | 'over' }>;

export function isPaid(outcome: Settled): outcome is PaidOutcome {
  return outcome.status === 'paid' || outcome.status === 'over';
}

export interface SettleTerms {
  /** The rail kind, recorded as `payment_details.type`. */
  rail: string;
  explorer: string | null;
  /** The flow's own payment details, added to the transfer's. */
  extra?: Record<string, unknown>;
  /** What is sold now, when it can change under the intent (a checkout's total): else it is short. */
  sold?: { amount: bigint; currencyId: string };
}

/** Whether `txRef` is the transfer that paid the (succeeded) intent. */
export function paidWith(intent: IntentRow, txRef: string): boolean {
  const paid = intent.paymentDetails?.tx_hash;
  return typeof paid === 'string' && paid.toLowerCase() === txRef.toLowerCase();
}

/** The intent's payment details once `payment` paid it. */
function transferDetails(intent: IntentRow, payment: ConfirmedPayment, terms: SettleTerms) {
  // The confirmations counted while it was processing are over: it is paid.
  const earlier = Object.fromEntries(
    Object.entries(intent.paymentDetails ?? {}).filter(
      ([key]) => !(PROGRESS_KEYS as readonly string[]).includes(key),
    ),
  );
  return {
    ...earlier,
    type: terms.rail,
    network: payment.network,
    tx_hash: payment.txRef,
    payer: payment.payer,
    recipient: payment.recipient,
    amount: payment.amount.toString(),
    token: payment.asset.contract,
    block_number: payment.blockNumber.toString(),
    ...(payment.details ?? {}),
    ...(terms.extra ?? {}),
    ...(terms.explorer ? { explorer_url: terms.explorer } : {}),
  };
}

/**
 * Settles a confirmed transfer for `intent`, locked by the caller after the rows its flow locks first.
 * Once per transfer: the rail claims a transfer for one reference, and refunds are unique per transfer.
 */
export async function settle(
  tx: DbLike,
  intent: IntentRow,
  payment: ConfirmedPayment,
  terms: SettleTerms,
): Promise<Settled> {
  if (intent.status === 'succeeded') return settlePaidIntent(tx, intent, payment);
  if (intent.status === 'canceled') return settleCanceledIntent(tx, intent, payment);
  const sold = terms.sold;
  const stillSold = !sold || (intent.amount === sold.amount && intent.currencyId === sold.currencyId);
  if (!covers(intent, payment.amount) || !stillSold) {
    await settleAttempt(tx, intent.id, payment.txRef, 'failed', 'payment_amount_mismatch');
    const total = sold ? `; the checkout total is ${sold.amount}` : '';
    const message = `received ${payment.amount} for ${intent.amount}${total}`;
    return { status: 'short', intent: await failIntent(tx, intent, 'payment_amount_mismatch', message) };
  }
  await settleAttempt(tx, intent.id, payment.txRef, 'confirmed');
  const details = transferDetails(intent, payment, terms);
  const paid = await succeedIntent(tx, intent, payment.amount, details);
  return { status: payment.amount > intent.amount ? 'over' : 'paid', intent: paid, details };
}

/**
 * A transfer for an intent a first one already paid (a stale page, a second tab, two in flight): the
 * intent stays succeeded with what paid it; this one is listed in `extra_payments` and refunded in
 * full to its sender (`payment_already_made`).
 */
async function settlePaidIntent(tx: DbLike, intent: IntentRow, payment: ConfirmedPayment): Promise<Settled> {
  if (paidWith(intent, payment.txRef)) return { status: 'already_paid', intent };
  await recordAttemptAmount(tx, intent.id, payment.txRef, payment.amount, 'failed', 'payment_already_made');
  const { refund, created } = await refundTransfer(tx, intent, payment, 'payment_already_made');
  const noted = created ? await recordExtraPayment(tx, intent, payment, refund.id) : intent;
  return { status: 'paid_twice', intent: noted };
}

/**
 * A transfer for an intent canceled before the money came (the cart changed after the wallet signed,
 * a batch replaced, a collection closed): it stays canceled and pays nothing; the transfer is listed in
 * `late_payments` and refunded in full to its payer (`payment_for_canceled_intent`).
 */
async function settleCanceledIntent(
  tx: DbLike,
  intent: IntentRow,
  payment: ConfirmedPayment,
): Promise<Settled> {
  await settleAttempt(tx, intent.id, payment.txRef, 'confirmed');
  const { refund, created } = await refundTransfer(tx, intent, payment, 'payment_for_canceled_intent');
  const noted = created ? await recordLatePayment(tx, intent, payment, refund.id) : intent;
  return { status: 'late', intent: noted };
}

/**
 * Locks the rows a payment of `reference` takes before its intent (its checkout session, in the lock
 * order of flows/complete-checkout.ts), then the intent; null when there is no such intent.
 */
export async function lockIntentForTransfer(tx: DbLike, reference: string): Promise<IntentRow | null> {
  const peek = await getIntent(tx, reference);
  if (!peek) return null;
  if (peek.checkoutSessionId) {
    await tx
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, peek.checkoutSessionId))
      .limit(1)
      .for('update');
  }
  return getIntent(tx, reference, true);
}

/**
 * Settles a confirmed transfer for `reference` when that intent can no longer be paid by it: already
 * paid (refunded unless it is the transfer that paid it) or canceled (recorded and refunded). False for
 * a live intent. Takes the rows a payment of `reference` locks before its intent.
 */
export async function settleExtraTransfer(
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
): Promise<boolean> {
  const intent = await lockIntentForTransfer(tx, reference);
  if (intent?.status === 'succeeded') await settlePaidIntent(tx, intent, payment);
  else if (intent?.status === 'canceled') await settleCanceledIntent(tx, intent, payment);
  else return false;
  return true;
}

/**
 * A transfer made for `reference` (its reference tag, or from its committed payer) that pays less than
 * the frozen amount, already claimed for it by the rail (so once). As BitPay and Coinbase Commerce treat
 * an underpaid invoice: the attempt keeps what arrived, all of it is refunded to its sender, and a live
 * intent asks for its whole amount again (`underpaid`). Answers the intent's amount due.
 */
export async function settleUnderpaid(
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
): Promise<bigint | null> {
  const intent = await lockIntentForTransfer(tx, reference);
  if (!intent) return null;
  await recordAttemptAmount(tx, intent.id, payment.txRef, payment.amount, 'failed', 'underpaid');
  const { created } = await refundTransfer(tx, intent, payment, 'underpaid');
  const live = intent.status === 'requires_action' || intent.status === 'processing';
  const current = intent.paymentDetails?.tx_hash;
  const itsOwn = typeof current !== 'string' || current.toLowerCase() === payment.txRef.toLowerCase();
  if (created && live && (intent.status !== 'processing' || itsOwn)) {
    await failIntent(
      tx,
      intent,
      'underpaid',
      `received ${payment.amount} of ${intent.amount}; the transfer will be refunded to ${payment.payer}`,
    );
  }
  return intent.amount;
}
