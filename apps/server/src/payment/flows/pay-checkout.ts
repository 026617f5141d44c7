// Flow: paying a submitted session's intent. A transfer the customer's wallet sent (its hash posted),
// one the server broadcasts for the DID wallet (connect-pay.ts), or a fast-pay pull the server signs.
// Every transfer is recorded as a payment attempt, and a server-sent one is committed (hash, nonce,
// raw bytes) before it is sent, so after a crash the reconcile job re-sends or settles it and a retry
// reuses it instead of charging again.
import { crashPoint } from '../../core/chaos.js';
import { ApiError } from '../../core/http/errors.js';
import { assertOpen } from '../checkout/index.js';
import { getSession, type SessionRow } from '../checkout/index.js';
import { readSession } from '../checkout/index.js';
import { ACCOUNT_CHANGED, assertMayPay } from '../checkout/index.js';
import {
  type AttemptRow,
  collect,
  expectationOf,
  getIntent,
  inFlightAttempt,
  type IntentRow,
  paidAlready,
  paidReplacedIntent,
  paidWith,
  type PayingWith,
  payingWith,
  railProblem,
  recordAttempt,
  settleUnderpaid,
  startProcessing,
  transition,
  underpaidError,
} from '../intents/index.js';
import { mayPullFrom } from '../payers/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { completeCheckoutPayment } from './complete-checkout.js';
import { acceptLateTransfer } from './late-payment.js';
import { sendPull } from './pull-replaced.js';
import { acceptSecondTransfer, answerSecondTransfer, recordSecondTransfer } from './paid-twice.js';

export async function sessionIntent(db: DbLike, row: SessionRow): Promise<IntentRow> {
  const intent = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  if (!intent || intent.status === 'canceled') {
    throw ApiError.badRequest('payment_intent_missing', 'Submit the checkout first');
  }
  return intent;
}

const changed = () =>
  ApiError.conflict('payment_intent_changed', 'The checkout changed meanwhile, please submit again');

/**
 * A transaction paying the session's intent (sent by the browser wallet, or broadcast for the DID
 * wallet): verified now against the intent, then completed at once when confirmed or watched until it
 * is. A transfer made for another payment is refused before anything is recorded, so its rightful
 * owner can still use it.
 */
export async function acceptTransaction(
  ctx: PaymentContext,
  row: SessionRow,
  txHash: string,
  kind: 'wallet' | 'broadcast' = 'wallet',
): Promise<SessionRow> {
  const { db } = ctx;
  const hash = txHash.toLowerCase();
  const current = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  const live = current !== null && current.status !== 'canceled';
  const closed = row.status !== 'open' || row.expiresAt.getTime() <= Date.now();
  // A transfer made for an intent the checkout's change canceled (arriving while the session waits,
  // or after it completed or expired): recorded for a refund, never counted.
  const late = (!live || closed) && current?.paymentDetails?.tx_hash !== hash;
  if (late && (await acceptLateTransfer(ctx, row, hash, kind))) throw paidReplacedIntent();
  // Already paid (a stale page, a second tab): the transfer that paid answers the session as it is;
  // another one made for this payment is recorded and refunded to its sender (paid-twice.ts).
  if (current?.status === 'succeeded' && !paidWith(current, hash)) {
    const lockSession = async (tx: DbLike) => void (await getSession(tx, row.id, row.livemode, true));
    answerSecondTransfer(await acceptSecondTransfer(ctx, current, hash, kind, lockSession));
  }
  if (row.status === 'complete') return row;
  assertOpen(row);
  const intent = await sessionIntent(db, row);
  if (intent.status === 'succeeded') return row;
  const paying = await payingWith(ctx, db, row.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  const expectation = expectationOf(intent, paying);
  // Lock order (flows/complete-checkout.ts): the transfer's record (written by verify), the session,
  // the intent, its attempts.
  const rejected = await db.transaction(async (tx) => {
    let result;
    try {
      result = await paying.rail.verify(hash, expectation, { db: tx });
    } catch (err) {
      throw railProblem(err, 'txHash');
    }
    if (result.status === 'rejected' && result.underpaid) {
      // Made for this intent and too little: recorded with what it paid, refunded, never counted.
      await recordAttempt(tx, {
        paymentIntentId: intent.id,
        rail: paying.rail.kind,
        kind,
        network: paying.rail.network,
        txRef: hash,
      });
      await settleUnderpaid(tx, intent.id, result.underpaid);
      return result;
    }
    if (result.status === 'rejected' && result.reason !== 'not_found') return result;
    const session = await getSession(tx, row.id, row.livemode, true);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || (locked.status === 'succeeded' && paidWith(locked, hash))) return null;
    if (locked.status === 'succeeded') {
      // Another transfer paid it meanwhile: this one is refunded (paid-twice.ts).
      await recordSecondTransfer(ctx, tx, locked.id, hash, result, { paying, expectation, kind });
      return 'paid_already' as const;
    }
    if (locked.status === 'canceled' || session?.paymentIntentId !== locked.id) throw changed();
    await recordAttempt(tx, {
      paymentIntentId: locked.id,
      rail: paying.rail.kind,
      kind,
      network: paying.rail.network,
      txRef: hash,
    });
    const processing =
      locked.status === 'processing'
        ? await transition(tx, locked, 'processing', {
            paymentDetails: { ...(locked.paymentDetails ?? {}), tx_hash: hash },
            lastPaymentError: null,
          })
        : await startProcessing(tx, locked, { tx_hash: hash });
    if (result.status === 'confirmed') {
      const explorer = paying.rail.explorerUrl(hash);
      await completeCheckoutPayment(ctx, tx, processing.id, result, explorer, paying.rail.kind);
    } else {
      await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
    }
    // The transfer is on chain, nothing of it committed yet.
    crashPoint('pay:after-broadcast-before-commit');
    return null;
  });
  if (rejected === 'paid_already') throw paidAlready();
  if (rejected) {
    if (rejected.underpaid) throw underpaidError(rejected.underpaid, intent.amount);
    if (await acceptLateTransfer(ctx, row, hash, kind)) throw paidReplacedIntent();
    throw ApiError.badRequest(rejected.reason, rejected.detail, 'txHash');
  }
  return readSession(db, row.id, null);
}

/** The browser wallet sent the transfer: POST checkout-sessions/{id}/tx. */
export async function postTransaction(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  txHash: string,
): Promise<SessionRow> {
  const row = await readSession(ctx.db, id, null);
  if (row.status !== 'complete') assertMayPay(caller, row);
  return acceptTransaction(ctx, row, txHash);
}

/**
 * Sends a committed pull's signed bytes (again), or its replacement when another transaction took its
 * nonce (flows/pull-replaced.ts); other failures are left to the reconcile job.
 */
async function send(ctx: PaymentContext, paying: PayingWith, attempt: AttemptRow) {
  if (!attempt.raw) return;
  try {
    await sendPull(ctx, paying, attempt);
  } catch (err) {
    ctx.services.log.warn(
      { err: err instanceof Error ? err.message : String(err), attempt: attempt.id.toString() },
      'payment attempt not sent; the reconcile job retries it',
    );
  }
}

/**
 * Fast pay: pulls the intent's amount from the payer's allowance. The pull is signed and committed as
 * an attempt (with the intent processing and its watch) before it is sent; a retry while it is in
 * flight re-sends the same signed transaction instead of signing a second pull.
 */
export async function fastCheckoutConfirm(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  payerNow: string | undefined,
): Promise<{ fastPaid: boolean; message?: string }> {
  const { db } = ctx;
  const row = await readSession(db, id, null);
  if (row.status === 'complete') return { fastPaid: true };
  assertOpen(row);
  assertMayPay(caller, row);
  const intent = await sessionIntent(db, row);
  if (intent.status === 'succeeded') return { fastPaid: true };
  const paying = await payingWith(ctx, db, row.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  if (intent.status === 'processing' && intent.paymentDetails?.fast_pay === true) {
    const inFlight = await inFlightAttempt(db, intent.id);
    if (inFlight) await send(ctx, paying, inFlight);
    return { fastPaid: true };
  }
  const recorded = intent.paymentDetails?.fast_pay_payer;
  if (typeof recorded !== 'string' || (payerNow && payerNow.toLowerCase() !== recorded.toLowerCase())) {
    return { fastPaid: false, message: ACCOUNT_CHANGED };
  }
  // Only an account this signed-in customer proved they control is ever pulled from.
  if (!(await mayPullFrom(db, caller, intent, paying.rail, recorded)))
    return { fastPaid: false, message: ACCOUNT_CHANGED };
  const outcome = await db.transaction(async (tx) => {
    const session = await getSession(tx, row.id, row.livemode, true);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || locked.status === 'succeeded') return { fastPaid: true } as const;
    if (locked.status === 'canceled' || session?.paymentIntentId !== locked.id) throw changed();
    if (locked.status === 'processing') {
      return locked.paymentDetails?.fast_pay === true
        ? ({ fastPaid: true } as const)
        : { fastPaid: false, message: 'A payment for this checkout is already in progress' };
    }
    const collected = await collect(ctx, tx, locked, paying, recorded);
    if (collected.status === 'submitted') return { fastPaid: true, attempt: collected.attempt } as const;
    if (collected.reason !== 'pull_failed') return { fastPaid: false, message: ACCOUNT_CHANGED };
    ctx.services.log.warn({ err: collected.error }, 'fast pay: pull failed');
    return { fastPaid: false, message: 'Fast pay is unavailable, please pay manually.' };
  });
  if (!('attempt' in outcome) || !outcome.attempt) return outcome;
  crashPoint('pull:after-commit-before-send');
  await send(ctx, paying, outcome.attempt);
  crashPoint('pull:after-send');
  return { fastPaid: true };
}
