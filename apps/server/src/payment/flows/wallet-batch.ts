// Flow: the browser wallet (an injected EIP-1193 wallet) pays one open invoice or one currency's
// overdue invoices. The batch is frozen in a payment intent first (portal/batch.ts: the sum, each
// invoice's share, the intent's id as the transfer's reference), committed before the page gets the
// target; the wallet sends the transfer itself and the page posts its hash. The hash is verified
// against that intent exactly as checkout's (flows/pay-checkout.ts): a transfer counts only for the
// payment it was made for, an underpaid one is recorded and refunded and pays nothing, a retry with
// the same hash changes nothing, and a pending one is watched until the batch settles
// (flows/batch-payment.ts). A hash never posted is found by flows/find-unposted.ts.
//
// Lock order, as the batch's settlement: the transfer's record (written by verify) → the subscriptions
// (by id) → the invoices (by id) → the intent → its attempts.
import type { OverdueBatch, OverdueWalletAnswer, OverdueWalletBody } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { updateInvoice } from '../billing/index.js';
import { getCustomerByDid } from '../customers/index.js';
import {
  expectationOf,
  getIntent,
  type IntentRow,
  paidAlready,
  paidWith,
  payingWith,
  railProblem,
  recordAttempt,
  settleLateTransfer,
  settleUnderpaid,
  startProcessing,
  transition,
  underpaidError,
  updateIntent,
} from '../intents/index.js';
import { chosenPayer } from '../payers/index.js';
import { batchOf, openBatchFor } from '../portal/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { completeBatchPayment, lockBatch } from './batch-payment.js';
import { acceptSecondTransfer, answerSecondTransfer, recordSecondTransfer } from './paid-twice.js';
import type { DbLike } from '../shared/db.js';

export function batchAnswer(intent: IntentRow): OverdueBatch {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount.toString(),
    currency_id: intent.currencyId,
    invoices: batchOf(intent)?.invoices ?? [],
  };
}

/** The batch (frozen now, or the waiting one) and where the browser wallet sends its one transfer. */
export async function walletTarget(
  ctx: PaymentContext,
  caller: Caller,
  body: OverdueWalletBody,
): Promise<OverdueWalletAnswer> {
  const { payer: wanted, ...scope } = body;
  const opened = await openBatchFor(ctx, caller, scope, true);
  let intent = opened;
  const paying = await payingWith(
    ctx,
    ctx.db,
    opened.livemode,
    opened.paymentMethodId ?? '',
    opened.currencyId,
  );
  // Only an account this customer proved they control is named as the payer (else their latest one).
  const payer = await chosenPayer(ctx.db, opened.customerId ?? '', paying.rail, wanted);
  if (payer && opened.paymentDetails?.wallet_payer !== payer) {
    // Written on the locked row, and only while it waits: a transfer accepted meanwhile keeps its details.
    intent = await ctx.db.transaction(async (tx) => {
      const locked = await getIntent(tx, opened.id, true);
      if (locked?.status !== 'requires_action') return locked ?? opened;
      const paymentDetails = { ...(locked.paymentDetails ?? {}), wallet_payer: payer };
      return updateIntent(tx, locked.id, { paymentDetails });
    });
  }
  let target;
  try {
    target = await paying.rail.prepare({ reference: intent.id, asset: paying.asset, amount: intent.amount });
  } catch (err) {
    throw railProblem(err, 'currencyId');
  }
  return { batch: batchAnswer(intent), paymentTarget: paying.rail.targetJson(target), payer };
}

/** The batch intent `id` when it is the signed-in customer's own; else the not-found error. */
async function ownBatch(ctx: PaymentContext, caller: Caller, id: string): Promise<IntentRow> {
  const missing = () => ApiError.of('overdue_batch_missing', { id: id.slice(0, 100) });
  const customer = caller.did ? await getCustomerByDid(ctx.db, caller.did, caller.livemode) : null;
  const intent = customer ? await getIntent(ctx.db, id.slice(0, 100)) : null;
  if (!intent || !batchOf(intent) || !customer || intent.customerId !== customer.id) throw missing();
  if (intent.livemode !== caller.livemode) throw missing();
  return intent;
}

/**
 * A transaction paying the batch intent: verified now, then settled at once when confirmed or watched
 * until it is. A transfer made for another payment is refused before anything is recorded, so its
 * rightful owner can still use it.
 */
export async function acceptBatchTransaction(
  ctx: PaymentContext,
  intent: IntentRow,
  txHash: string,
): Promise<IntentRow> {
  const { db } = ctx;
  const hash = txHash.toLowerCase();
  const batch = batchOf(intent);
  if (!batch) throw ApiError.of('overdue_batch_missing', { id: intent.id });
  if (intent.status === 'succeeded') {
    // Already paid (a stale page, a second tab): another transfer made for it is refunded (paid-twice.ts).
    if (paidWith(intent, hash)) return intent;
    const lockRows = async (tx: DbLike) => void (await lockBatch(tx, intent.livemode, batch));
    answerSecondTransfer(await acceptSecondTransfer(ctx, intent, hash, 'wallet', lockRows));
  }
  const paying = await payingWith(ctx, db, intent.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  const expectation = expectationOf(intent, paying);
  const rejected = await db.transaction(async (tx) => {
    let result;
    try {
      result = await paying.rail.verify(hash, expectation, { db: tx });
    } catch (err) {
      throw railProblem(err, 'txHash');
    }
    const attempt = {
      rail: paying.rail.kind,
      kind: 'wallet' as const,
      network: paying.rail.network,
      txRef: hash,
    };
    if (result.status === 'rejected' && result.underpaid) {
      // Made for this batch and too little: recorded with what it paid, refunded, never counted.
      await recordAttempt(tx, { paymentIntentId: intent.id, ...attempt });
      await settleUnderpaid(tx, intent.id, result.underpaid);
      return result;
    }
    if (result.status === 'rejected' && result.reason !== 'not_found') return result;
    const { invoices } = await lockBatch(tx, intent.livemode, batch);
    const locked = await getIntent(tx, intent.id, true);
    if (!locked || (locked.status === 'succeeded' && paidWith(locked, hash))) return null;
    if (locked.status === 'succeeded') {
      // Another transfer paid it meanwhile: this one is refunded (paid-twice.ts).
      const rail = { paying, expectation, kind: 'wallet' as const };
      await recordSecondTransfer(ctx, tx, locked.id, hash, result, rail);
      return 'paid_already' as const;
    }
    await recordAttempt(tx, { paymentIntentId: locked.id, ...attempt });
    if (locked.status === 'canceled') {
      // The batch was replaced (its invoices changed) after the wallet sent: refunded, never counted.
      if (result.status === 'confirmed') await settleLateTransfer(tx, locked.id, result);
      else await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
      return 'replaced' as const;
    }
    const processing =
      locked.status === 'processing'
        ? await transition(tx, locked, 'processing', {
            paymentDetails: { ...(locked.paymentDetails ?? {}), tx_hash: hash },
            lastPaymentError: null,
          })
        : await startProcessing(tx, locked, { tx_hash: hash });
    // Each invoice names the batch as its payment in flight: its own collection skips it meanwhile.
    for (const invoice of invoices.values()) {
      if (invoice.status === 'open' || invoice.status === 'uncollectible') {
        await updateInvoice(tx, invoice.id, { paymentIntentId: processing.id });
      }
    }
    if (result.status === 'confirmed') {
      const explorer = paying.rail.explorerUrl(hash);
      await completeBatchPayment(ctx, tx, processing.id, result, explorer, paying.rail.kind);
    } else {
      await ctx.services.rails.watch({ method: paying.method, txRef: hash, expectation }, tx);
    }
    return null;
  });
  if (rejected === 'replaced') throw ApiError.of('overdue_batch_replaced', {});
  if (rejected === 'paid_already') throw paidAlready();
  if (rejected) {
    if (rejected.underpaid) throw underpaidError(rejected.underpaid, intent.amount);
    throw ApiError.badRequest(rejected.reason, rejected.detail, 'txHash');
  }
  return (await getIntent(db, intent.id)) ?? intent;
}

/** The browser wallet sent the batch's transfer: POST /portal/overdue/batch/{id}/tx. */
export async function postBatchTransaction(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  txHash: string,
): Promise<OverdueBatch> {
  const intent = await ownBatch(ctx, caller, id);
  return batchAnswer(await acceptBatchTransaction(ctx, intent, txHash));
}
