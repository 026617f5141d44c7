// Refunds the merchant signs: on a watch-only rail (Bitcoin) the server holds no key, so a refund stays
// `pending` (its send job answers "the merchant signs") until the admin fetches the unsigned refund
// (a base64 PSBT spending the refunded transfer), signs it in their wallet and submits the signed PSBT,
// the raw transaction or the id of one they broadcast. What is submitted is checked to pay the refund,
// then committed as the refund's transaction (`processing`) before it is sent, like a server-signed
// refund; the send job then broadcasts it (again if needed) and settles it with its confirmations.
import { and, asc, eq } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { railTransactions } from '../../db/schema/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { railProblem } from './rail.js';
import { refundRail } from './refund-rail.js';
import { enqueueRefundSend, getRefund, serializeRefund, updateRefund, type RefundRow } from './refunds.js';

async function refundOf(db: DbLike, id: string, livemode: boolean, lock = false): Promise<RefundRow> {
  const row = await getRefund(db, id, lock);
  if (!row || row.livemode !== livemode) throw ApiError.missing('refund_missing', id);
  return row;
}

/** The transfer a refund gives back: the one it names (a late or short transfer), else the payment's. */
async function sourceOf(db: DbLike, row: RefundRow) {
  const txRef = typeof row.metadata?.tx_hash === 'string' ? row.metadata.tx_hash : null;
  const index = typeof row.metadata?.log_index === 'string' ? Number(row.metadata.log_index) : null;
  const [transfer] = await db
    .select()
    .from(railTransactions)
    .where(
      and(
        eq(railTransactions.reference, row.paymentIntentId),
        ...(txRef ? [eq(railTransactions.txHash, txRef)] : []),
        ...(index !== null ? [eq(railTransactions.logIndex, index)] : []),
      ),
    )
    .orderBy(asc(railTransactions.id))
    .limit(1);
  if (!transfer) throw ApiError.of('refund_no_transfer', {}, { param: 'id' });
  return { txRef: transfer.txHash, index: transfer.logIndex, amount: transfer.amount };
}

/** The unsigned refund for the merchant's wallet (Bitcoin: a base64 PSBT), with its fee and payee. */
export async function refundToSign(ctx: PaymentContext, livemode: boolean, id: string) {
  const row = await refundOf(ctx.db, id, livemode);
  if (row.status !== 'pending') {
    throw ApiError.of('refund_not_awaiting_signature', { status: row.status }, { param: 'id' });
  }
  const { rail, request } = await refundRail(ctx, ctx.db, row);
  if (!rail.refundToSign) {
    throw ApiError.of('refund_sent_by_rail', {}, { param: 'id' });
  }
  try {
    const { unsigned, fee } = await rail.refundToSign(request, await sourceOf(ctx.db, row));
    return {
      refund_id: row.id,
      psbt: unsigned,
      fee: fee.toString(),
      to: request.to,
      amount: row.amount.toString(),
    };
  } catch (err) {
    throw railProblem(err, 'id');
  }
}

/** Takes the merchant's signed refund (PSBT, raw transaction or txid), commits it and has it sent. */
export async function submitSignedRefund(ctx: PaymentContext, livemode: boolean, id: string, signed: string) {
  const first = await refundOf(ctx.db, id, livemode);
  const { rail, request } = await refundRail(ctx, ctx.db, first);
  if (!rail.readSignedRefund) {
    throw ApiError.of('refund_sent_by_rail', {}, { param: 'id' });
  }
  let read: { txRef: string; raw: string };
  try {
    read = await rail.readSignedRefund(signed, request);
  } catch (err) {
    throw railProblem(err, 'signed');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await refundOf(tx, id, livemode, true);
    if (locked.status === 'processing' && locked.txRef === read.txRef) return locked;
    if (locked.status !== 'pending') {
      throw ApiError.of('refund_not_awaiting_signature', { status: locked.status }, { param: 'id' });
    }
    const next = await updateRefund(tx, locked, {
      status: 'processing',
      network: rail.network,
      txRef: read.txRef,
      raw: read.raw,
      attemptCount: locked.attemptCount + 1,
      lastAttemptError: null,
    });
    await enqueueRefundSend(tx, next.id);
    return next;
  });
  return serializeRefund(row);
}
