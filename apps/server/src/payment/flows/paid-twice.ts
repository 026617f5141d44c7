// Flow: a second transfer for a payment already made. A customer's wallet sent another transfer for an
// intent that a first one already paid (a stale page or a second tab posting its hash to a checkout's
// /tx or an overdue batch's /tx), or two transfers for one intent were in flight and both confirmed.
// The first confirmed transfer pays the intent; any other transfer made for it (the same rules as any
// transfer: the intent's reference tag or its committed payer, to the merchant, in the intent's asset,
// confirmed) paid for nothing. It is recorded against the intent (`payment_details.extra_payments`,
// the event `payment_intent.requires_refund`) with a `pending` refund of all of it to the account that
// sent it, sent by intents/refund-send.ts. Once per transfer: the rail claims a transfer for one
// reference only (rail_transactions' unique chain, tx, log), and refunds are unique per transfer
// (`refunds_transfer`), so a repost, a retried watcher or a crash never refunds twice. The intent
// stays succeeded; its amount_received is what paid it. A transfer made for another payment is
// refused before anything is recorded, as on an unpaid intent.
import { ApiError } from '../../core/http/errors.js';
import {
  expectationOf,
  type IntentRow,
  paidAlready,
  payingWith,
  type PayingWith,
  type PaymentExpectation,
  railProblem,
  recordAttempt,
  type RejectReason,
  settleSecondTransfer,
  settleUnderpaid,
  type VerifyResult,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';

export type SecondTransfer =
  { status: 'refunding' } | { status: 'rejected'; reason: RejectReason; detail: string };

/**
 * A transfer posted for `intent`, already succeeded with another transfer: verified as any transfer
 * for it; made for it, it is recorded and refunded now (confirmed, or too little), or watched until it
 * confirms (the completion flows then refund it); made for another payment, or unknown to the chain,
 * it is refused and nothing is recorded. `lockRows` takes the rows of the intent's flow before the intent (its lock order).
 */
export async function acceptSecondTransfer(
  ctx: PaymentContext,
  intent: IntentRow,
  hash: string,
  kind: 'wallet' | 'broadcast',
  lockRows: (tx: DbLike) => Promise<void>,
): Promise<SecondTransfer> {
  const paying = await payingWith(
    ctx,
    ctx.db,
    intent.livemode,
    intent.paymentMethodId ?? '',
    intent.currencyId,
  );
  const committed = intent.paymentDetails?.fast_pay_payer;
  const expectation = expectationOf(intent, paying, typeof committed === 'string' ? committed : undefined);
  return ctx.db.transaction(async (tx): Promise<SecondTransfer> => {
    let result;
    try {
      result = await paying.rail.verify(hash, expectation, { db: tx });
    } catch (err) {
      throw railProblem(err, 'txHash');
    }
    // Unknown to the node (not even pending) is refused too: nothing is recorded or watched for a
    // hash anyone may post to a completed checkout.
    if (result.status === 'rejected' && !result.underpaid) {
      return { status: 'rejected', reason: result.reason, detail: result.detail };
    }
    await lockRows(tx);
    await recordSecondTransfer(ctx, tx, intent.id, hash, result, { paying, expectation, kind });
    return { status: 'refunding' };
  });
}

export interface SecondTransferRail {
  paying: PayingWith;
  expectation: PaymentExpectation;
  kind: 'wallet' | 'broadcast';
}

/**
 * Records a transfer `verify` found made for the succeeded intent `reference` (rows locked, inside
 * the verifying transaction): its attempt, then its refund (confirmed, or too little: underpaid.ts),
 * or a watch until it confirms.
 */
export async function recordSecondTransfer(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  hash: string,
  result: VerifyResult,
  { paying, expectation, kind }: SecondTransferRail,
): Promise<void> {
  const attempt = { rail: paying.rail.kind, kind, network: paying.rail.network, txRef: hash };
  await recordAttempt(tx, { paymentIntentId: reference, ...attempt });
  const underpaid = result.status === 'rejected' ? result.underpaid : undefined;
  if (underpaid) await settleUnderpaid(tx, reference, underpaid);
  else if (result.status === 'confirmed') await settleSecondTransfer(tx, reference, result);
  else await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
}

/** Throws the answer to a second transfer: refunded (payment_already_made), or refused as any transfer. */
export function answerSecondTransfer(outcome: SecondTransfer): never {
  if (outcome.status === 'refunding') throw paidAlready();
  throw ApiError.badRequest(outcome.reason, outcome.detail, 'txHash');
}
