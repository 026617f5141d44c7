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
  acceptTransfer,
  getIntent,
  type IntentRow,
  paidAlready,
  payingFor,
  railProblem,
  targetOf,
  underpaidError,
  updateIntent,
} from '../intents/index.js';
import { chosenPayer } from '../payers/index.js';
import { batchOf, openBatchFor } from '../portal/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { completeBatchPayment, lockBatch } from './batch-payment.js';
import { refused } from './pay-checkout.js';

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
  const paying = await payingFor(ctx, ctx.db, opened);
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
    target = await targetOf(paying, intent);
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
  const batch = batchOf(intent);
  if (!batch) throw ApiError.of('overdue_batch_missing', { id: intent.id });
  let invoices: Awaited<ReturnType<typeof lockBatch>>['invoices'] = new Map();
  const outcome = await acceptTransfer(ctx, intent, txHash, {
    kind: 'wallet',
    lock: async (tx) => void ({ invoices } = await lockBatch(tx, intent.livemode, batch)),
    // The batch was replaced (its invoices changed) after the wallet sent: refunded, never counted.
    canceled: 'late',
    // Each invoice names the batch as its payment in flight: its own collection skips it meanwhile.
    processing: async (tx, processing) => {
      for (const invoice of invoices.values()) {
        if (invoice.status === 'open' || invoice.status === 'uncollectible') {
          await updateInvoice(tx, invoice.id, { paymentIntentId: processing.id });
        }
      }
    },
    confirmed: (tx, processing, payment, explorer, rail) =>
      completeBatchPayment(ctx, tx, processing.id, payment, explorer, rail),
  });
  switch (outcome.status) {
    case 'late':
    case 'changed':
      throw ApiError.of('overdue_batch_replaced', {});
    case 'paid_twice':
      throw paidAlready();
    case 'underpaid':
      throw underpaidError(outcome.payment, outcome.due);
    case 'not_ours':
      throw refused(outcome);
    default:
      return (await getIntent(ctx.db, intent.id)) ?? intent;
  }
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
