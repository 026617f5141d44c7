// Paying a submitted session: the browser wallet's transaction hash, and fast pay by pulling an ERC-20
// allowance the payer granted.
import { ApiError } from '../../core/http/errors.js';
import type { PaymentExpectation } from '../../rails/types.js';
import { getIntent, updateIntent, type IntentRow } from '../intents/repo.js';
import { payingWith, railProblem, type PayingWith } from '../intents/rail.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { mayPullFrom } from '../payers/service.js';
import { completeCheckoutPayment } from './completion.js';
import { assertOpen } from './mutate.js';
import { getSession, type SessionRow } from './repo.js';
import { readSession } from './service.js';
import { ACCOUNT_CHANGED, assertMayPay } from './submit.js';

function expectationOf(intent: IntentRow, paying: PayingWith, payer?: string): PaymentExpectation {
  return { reference: intent.id, asset: paying.asset, amount: intent.amount, ...(payer ? { payer } : {}) };
}

export async function sessionIntent(db: DbLike, row: SessionRow): Promise<IntentRow> {
  const intent = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  if (!intent) throw ApiError.badRequest('payment_intent_missing', 'Submit the checkout first');
  return intent;
}

/**
 * A transaction paying the session's intent (sent by the browser wallet, or broadcast for the DID
 * wallet): verified now, then completed at once when confirmed or watched until it is.
 */
export async function acceptTransaction(
  ctx: PaymentContext,
  row: SessionRow,
  txHash: string,
): Promise<SessionRow> {
  const { db } = ctx;
  if (row.status === 'complete') return row;
  assertOpen(row);
  const intent = await sessionIntent(db, row);
  if (intent.status === 'succeeded') return row;
  const paying = await payingWith(ctx, db, row.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  const hash = txHash.toLowerCase();
  const expectation = expectationOf(intent, paying);
  // Lock order everywhere: the transaction's record (written by verify, as the confirmation job
  // does), then the session, then the intent (submit's order); any other order can deadlock.
  const rejected = await db.transaction(async (tx) => {
    let result;
    try {
      result = await paying.rail.verify(hash, expectation, { db: tx });
    } catch (err) {
      throw railProblem(err, 'txHash');
    }
    if (result.status === 'rejected' && result.reason !== 'not_found') return result;
    await getSession(tx, row.id, row.livemode, true);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || locked.status === 'succeeded') return null;
    if (locked.amount !== intent.amount || locked.currencyId !== intent.currencyId) {
      throw ApiError.conflict(
        'payment_intent_changed',
        'The checkout changed meanwhile, please submit again',
      );
    }
    const details = { ...(locked.paymentDetails ?? {}), tx_hash: hash };
    await updateIntent(tx, locked.id, {
      status: 'processing',
      paymentDetails: details,
      lastPaymentError: null,
    });
    if (result.status === 'confirmed') {
      await completeCheckoutPayment(ctx, tx, locked.id, result, paying.rail.explorerUrl(hash));
    } else {
      await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
    }
    return null;
  });
  if (rejected) throw ApiError.badRequest(rejected.reason, rejected.detail, 'txHash');
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
  if (row.status === 'complete') return row;
  assertMayPay(caller, row);
  return acceptTransaction(ctx, row, txHash);
}

/** Fast pay: pulls the intent's amount from the payer's allowance, then watches the pull. */
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
  if (intent.status === 'processing' && intent.paymentDetails?.fast_pay === true) return { fastPaid: true };
  const recorded = intent.paymentDetails?.fast_pay_payer;
  if (typeof recorded !== 'string' || (payerNow && payerNow.toLowerCase() !== recorded.toLowerCase())) {
    return { fastPaid: false, message: ACCOUNT_CHANGED };
  }
  const paying = await payingWith(ctx, db, row.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  if (!(await mayPullFrom(db, caller, intent, paying.rail, recorded)))
    return { fastPaid: false, message: ACCOUNT_CHANGED };
  return db.transaction(async (tx) => {
    await getSession(tx, row.id, row.livemode, true);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || locked.status === 'succeeded') return { fastPaid: true };
    if (locked.status === 'processing') {
      return locked.paymentDetails?.fast_pay === true
        ? { fastPaid: true }
        : { fastPaid: false, message: 'A payment for this checkout is already in progress' };
    }
    let pulled;
    try {
      pulled = await paying.rail.pull(
        { payer: recorded, asset: paying.asset, reference: locked.id },
        locked.amount,
      );
    } catch (err) {
      ctx.services.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'fast pay: pull failed',
      );
      return { fastPaid: false, message: 'Fast pay is unavailable, please pay manually.' };
    }
    if (pulled.status === 'insufficient') {
      return { fastPaid: false, message: ACCOUNT_CHANGED };
    }
    const details = { ...(locked.paymentDetails ?? {}), tx_hash: pulled.txRef.toLowerCase(), fast_pay: true };
    await updateIntent(tx, locked.id, {
      status: 'processing',
      paymentDetails: details,
      lastPaymentError: null,
    });
    const expectation = expectationOf(locked, paying, recorded);
    await ctx.services.rails.watch({ method: paying.method, txRef: pulled.txRef, expectation }, tx);
    return { fastPaid: true };
  });
}
