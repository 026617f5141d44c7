// A transaction hash a customer's wallet posted (or a DID wallet signed and the server broadcast) for an
// intent: the one place that verifies it on the intent's rail and says what it is. The owner of the
// intent (a checkout, an overdue batch) gives its lock and completion; `acceptTransfer` answers:
//   paid          confirmed and completed by the owner, in the transaction that recorded it
//   pending       known but not confirmed yet: processing, watched until the rail decides
//   already_paid  the transfer that paid the intent, posted again: nothing to do
//   paid_twice    made for the intent another transfer already paid: refunded (or watched until it is)
//   underpaid     made for the intent, confirmed, too little: recorded, refunded, the intent asks again
//   late          made for the intent, which was canceled (replaced) meanwhile: refunded or watched
//   changed       the owner no longer pays with this intent: refused, nothing recorded
//   not_ours      made for another payment, or unknown to the chain: refused, nothing recorded
// Lock order (flows/complete-checkout.ts): the transfer's record (written by verify), the owner's rows,
// the intent, its attempts.
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordAttempt } from './attempts.js';
import { expectationOf, payingFor, railProblem, type PayingWith } from './rail.js';
import type { ConfirmedPayment, PaymentExpectation, RejectReason, VerifyResult } from './rail.js';
import { getIntent, type IntentRow } from './repo.js';
import { startProcessing, transition } from './service.js';
import { paidWith, settleExtraTransfer, settleUnderpaid } from './settle.js';

export type Accepted =
  | { status: 'paid' | 'pending' | 'already_paid' | 'paid_twice' | 'late' | 'changed' }
  | { status: 'underpaid'; payment: ConfirmedPayment; due: bigint }
  | { status: 'not_ours'; reason: RejectReason; detail: string };

export interface TransferOwner {
  kind: 'wallet' | 'broadcast';
  /** Locks the owner's rows, before the intent (its lock order). */
  lock(tx: DbLike): Promise<void>;
  /** Whether the owner still pays with this live intent (after `lock`); else the transfer is `changed`. */
  owns?(intent: IntentRow): boolean;
  /** A transfer for the intent canceled meanwhile: refused as `changed`, or recorded and refunded (`late`). */
  canceled: 'changed' | 'late';
  /** The intent is processing with the transfer (a batch marks its invoices as being paid by it). */
  processing?(tx: DbLike, intent: IntentRow): Promise<void>;
  /** The transfer confirmed: the owner completes in the same transaction (its flow settles the intent). */
  confirmed(
    tx: DbLike,
    intent: IntentRow,
    payment: ConfirmedPayment,
    explorer: string | null,
    rail: string,
  ): Promise<unknown>;
  /** Called last inside the transaction (crash tests). */
  beforeCommit?(): void;
}

interface Verifying {
  intent: IntentRow;
  hash: string;
  paying: PayingWith;
  expectation: PaymentExpectation;
  kind: 'wallet' | 'broadcast';
}

async function record(tx: DbLike, v: Verifying, intentId: string): Promise<void> {
  const { rail } = v.paying;
  const attempt = { rail: rail.kind, kind: v.kind, network: rail.network, txRef: v.hash };
  await recordAttempt(tx, { paymentIntentId: intentId, ...attempt });
}

async function watch(ctx: PaymentContext, tx: DbLike, v: Verifying): Promise<void> {
  await ctx.services.rails.watch({ method: v.paying.method, txRef: v.hash, expectation: v.expectation }, tx);
}

/**
 * A transfer made for an intent it can no longer pay (paid already, or canceled), not refused by the
 * rail: recorded, then refunded now (too little, or confirmed) or watched until it confirms. False when
 * nothing was settled.
 */
async function recordExtra(ctx: PaymentContext, tx: DbLike, v: Verifying, result: VerifyResult) {
  const underpaid = result.status === 'rejected' ? result.underpaid : undefined;
  await record(tx, v, v.intent.id);
  if (underpaid) return (await settleUnderpaid(tx, v.intent.id, underpaid)) !== null;
  if (result.status === 'confirmed') return settleExtraTransfer(tx, v.intent.id, result);
  await watch(ctx, tx, v);
  return true;
}

/**
 * Verifies `hash` against `intent` (its frozen amount and asset; a paid intent's committed fast-pay
 * payer too) and settles it as the list above says. A transfer made for another payment is refused
 * before anything is recorded, so its rightful owner can still use it.
 */
export async function acceptTransfer(
  ctx: PaymentContext,
  intent: IntentRow,
  txHash: string,
  owner: TransferOwner,
): Promise<Accepted> {
  const hash = txHash.toLowerCase();
  if (intent.status === 'succeeded' && paidWith(intent, hash)) return { status: 'already_paid' };
  const paying = await payingFor(ctx, ctx.db, intent);
  const committed = intent.paymentDetails?.fast_pay_payer;
  const payer = intent.status === 'succeeded' && typeof committed === 'string' ? committed : undefined;
  const expectation = expectationOf(intent, paying, payer);
  const v: Verifying = { intent, hash, paying, expectation, kind: owner.kind };
  return ctx.db.transaction(async (tx): Promise<Accepted> => {
    let result: VerifyResult;
    try {
      result = await paying.rail.verify(hash, expectation, { db: tx });
    } catch (err) {
      throw railProblem(err, 'txHash');
    }
    if (intent.status === 'succeeded') {
      // Unknown to the node (not even pending) is refused too: nothing is recorded or watched for a
      // hash anyone may post to a paid intent.
      if (result.status === 'rejected' && !result.underpaid) return notOurs(result);
      await owner.lock(tx);
      await recordExtra(ctx, tx, v, result);
      return { status: 'paid_twice' };
    }
    if (result.status === 'rejected' && result.underpaid) {
      await record(tx, v, intent.id);
      const due = (await settleUnderpaid(tx, intent.id, result.underpaid)) ?? intent.amount;
      return { status: 'underpaid', payment: result.underpaid, due };
    }
    if (result.status === 'rejected' && result.reason !== 'not_found') return notOurs(result);
    await owner.lock(tx);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || (locked.status === 'succeeded' && paidWith(locked, hash)))
      return { status: 'already_paid' };
    if (locked.status === 'succeeded' || (locked.status === 'canceled' && owner.canceled === 'late')) {
      await recordExtra(ctx, tx, v, result);
      return { status: locked.status === 'succeeded' ? 'paid_twice' : 'late' };
    }
    if (locked.status === 'canceled' || (owner.owns && !owner.owns(locked))) return { status: 'changed' };
    await record(tx, v, locked.id);
    const processing =
      locked.status === 'processing'
        ? await transition(tx, locked, 'processing', {
            paymentDetails: { ...(locked.paymentDetails ?? {}), tx_hash: hash },
            lastPaymentError: null,
          })
        : await startProcessing(tx, locked, { tx_hash: hash });
    await owner.processing?.(tx, processing);
    if (result.status === 'confirmed') {
      await owner.confirmed(tx, processing, result, paying.rail.explorerUrl(hash), paying.rail.kind);
    } else {
      await watch(ctx, tx, v);
    }
    owner.beforeCommit?.();
    return { status: result.status === 'confirmed' ? 'paid' : 'pending' };
  });
}

function notOurs(result: Extract<VerifyResult, { status: 'rejected' }>): Accepted {
  return { status: 'not_ours', reason: result.reason, detail: result.detail };
}

/**
 * A transaction posted to an owner that does not pay its current intent: checked against its canceled
 * intents (`candidates`, newest first). Made for one of them: recorded for a refund now (confirmed, or
 * too little) or watched until it confirms, and the answer is true. False when it pays none of them.
 */
export async function acceptLateTransfer(
  ctx: PaymentContext,
  candidates: readonly IntentRow[],
  txHash: string,
  kind: 'wallet' | 'broadcast',
): Promise<boolean> {
  const hash = txHash.toLowerCase();
  for (const canceled of candidates) {
    let paying;
    try {
      paying = await payingFor(ctx, ctx.db, canceled);
    } catch {
      continue;
    }
    const v: Verifying = {
      intent: canceled,
      hash,
      paying,
      expectation: expectationOf(canceled, paying),
      kind,
    };
    const found = await ctx.db.transaction(async (tx) => {
      let result;
      try {
        result = await paying.rail.verify(hash, v.expectation, { db: tx });
      } catch {
        return false;
      }
      if (result.status === 'rejected' && !result.underpaid) return false;
      // Too little for the canceled intent: claimed by verify, so refunded like any late transfer.
      return recordExtra(ctx, tx, v, result);
    });
    if (found) return true;
  }
  return false;
}
