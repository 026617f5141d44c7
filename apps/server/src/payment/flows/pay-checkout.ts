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
  type Accepted,
  acceptLateTransfer,
  acceptTransfer,
  type AttemptRow,
  canceledIntentsOf,
  collect,
  getIntent,
  inFlightAttempt,
  type IntentRow,
  paidAlready,
  paidReplacedIntent,
  paidWith,
  payingFor,
  type PayingWith,
  underpaidError,
} from '../intents/index.js';
import { getCustomer } from '../customers/index.js';
import { mayPullFrom } from '../payers/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { completeCheckoutPayment, completeWithCredit } from './complete-checkout.js';
import { sendPull } from './pull-replaced.js';

export async function sessionIntent(db: DbLike, row: SessionRow): Promise<IntentRow> {
  const intent = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  if (!intent || intent.status === 'canceled') {
    throw ApiError.of('payment_intent_missing', {});
  }
  return intent;
}

const changed = () => ApiError.of('payment_intent_changed', {}, { status: 409 });

/** How many of a session's canceled intents a posted transfer is checked against (newest first). */
const LATE_CANDIDATES = 3;

/** A transfer made for another payment, or unknown to the chain: refused with the rail's reason. */
export function refused(outcome: Extract<Accepted, { status: 'not_ours' }>): ApiError {
  return ApiError.badRequest(outcome.reason, outcome.detail, 'txHash');
}

/**
 * A transaction paying the session's intent (sent by the browser wallet, or broadcast for the DID
 * wallet): verified now against the intent (intents/accept.ts), then completed at once when confirmed
 * or watched until it is. A transfer made for another payment is refused before anything is recorded,
 * so its rightful owner can still use it. One made for an intent the session's change canceled (while
 * the session waits, or after it completed or expired) is recorded for a refund, never counted.
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
  const late = async () =>
    acceptLateTransfer(ctx, await canceledIntentsOf(db, row.id, LATE_CANDIDATES), hash, kind);
  if ((!live || closed) && current?.paymentDetails?.tx_hash !== hash && (await late())) {
    throw paidReplacedIntent();
  }
  // Already paid (a stale page, a second tab): the transfer that paid answers the session as it is;
  // another one made for this payment is recorded and refunded to its sender.
  const second = current?.status === 'succeeded' && !paidWith(current, hash);
  if (!second && row.status === 'complete') return row;
  if (!second) assertOpen(row);
  const intent = second && current ? current : await sessionIntent(db, row);
  if (!second && intent.status === 'succeeded') return row;
  let session: SessionRow | null = null;
  const outcome = await acceptTransfer(ctx, intent, hash, {
    kind,
    lock: async (tx) => void (session = await getSession(tx, row.id, row.livemode, true)),
    owns: (locked) => session?.paymentIntentId === locked.id,
    canceled: 'changed',
    confirmed: (tx, processing, payment, explorer, rail) =>
      completeCheckoutPayment(ctx, tx, processing.id, payment, explorer, rail),
    // The transfer is on chain, nothing of it committed yet.
    beforeCommit: () => crashPoint('pay:after-broadcast-before-commit'),
  });
  switch (outcome.status) {
    case 'paid':
    case 'pending':
    case 'already_paid':
      return readSession(db, row.id, null);
    case 'paid_twice':
      throw paidAlready();
    case 'underpaid':
      throw underpaidError(outcome.payment, outcome.due);
    case 'late':
      throw paidReplacedIntent();
    case 'changed':
      throw changed();
    case 'not_ours':
      if (!second && (await late())) throw paidReplacedIntent();
      throw refused(outcome);
  }
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
  const paying = await payingFor(ctx, db, intent);
  // A checkout priced in a credit currency is paid from the customer's grants, never through a rail.
  if (paying.currency.type === 'credit') {
    // Only the customer whose grants pay may spend them: a stranger's confirm draws nothing.
    const customer = intent.customerId ? await getCustomer(db, intent.customerId, intent.livemode) : null;
    if (!caller.did || customer?.did !== caller.did) throw ApiError.of('forbidden', {});
    const done = await db.transaction((tx) => completeWithCredit(ctx, tx, intent.id));
    return done ? { fastPaid: true } : { fastPaid: false, message: 'Insufficient Credit' };
  }
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
