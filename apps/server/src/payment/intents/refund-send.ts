// Sending a refund through its rail with commit-before-broadcast, as payments are sent.
//  1. pending: under the refund's row lock the rail signs the refund (its nonce taken in the same
//     transaction) and the hash, raw bytes and nonce are committed with status `processing`. Only a
//     pending refund is ever signed, so a refund is signed once, whoever runs this and however often.
//  2. processing: the chain is asked about the committed hash. Unknown → the same raw bytes are sent
//     (again); mined with enough confirmations → succeeded; reverted → failed; never to be mined
//     because another transaction used its nonce → signed again with a fresh nonce, a bounded number
//     of times, then failed (refund-replaced.ts).
// A crash anywhere leaves a row the next run picks up: the send job retries itself with a growing
// delay, and payment:reconcile-refunds settles every pending or processing refund at startup and
// every minute. Refunds are paid from the method's hot wallet.
import { z } from 'zod';
import { crashPoint } from '../../core/chaos.js';
import {
  REFUND_SEND_TASK,
  enqueueRefundSend,
  getRefund,
  refundsInFlight,
  updateRefund,
  type RefundRow,
} from './refunds.js';
import type { PaymentContext } from '../shared/context.js';
import { refundRail } from './refund-rail.js';
import { replaceRefund } from './refund-replaced.js';

export const REFUND_RECONCILE_TASK = 'payment:reconcile-refunds';
/** A refund younger than this is still in the hands of its send job. */
const SETTLE_AFTER_MS = 30_000;
/** The send job checks again this many times (2 s, 4 s, … up to a minute apart); then the minute job does. */
const SEND_CHECKS = 12;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Step 1: sign and commit a pending refund (status processing). Answers the row as it now stands. */
async function commitRefund(ctx: PaymentContext, id: string): Promise<RefundRow | undefined> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await getRefund(tx, id, true);
      if (row?.status !== 'pending') return row;
      const { rail, request } = await refundRail(ctx, tx, row);
      const signed = await rail.signRefund(request, tx);
      return updateRefund(tx, row, {
        status: 'processing',
        network: rail.network,
        txRef: signed.txRef.toLowerCase(),
        raw: signed.raw,
        nonce: signed.nonce,
        attemptCount: row.attemptCount + 1,
        lastAttemptError: null,
      });
    });
  } catch (err) {
    // Nothing was committed (the nonce went back with the transaction): the refund stays pending.
    ctx.services.log.warn({ err: message(err), refund: id }, 'refund: not signed; retried later');
    const row = await getRefund(ctx.db, id);
    if (row?.status !== 'pending') return row;
    return ctx.db.transaction(async (tx) => {
      const locked = await getRefund(tx, id, true);
      if (locked?.status !== 'pending') return locked;
      return updateRefund(tx, locked, {
        attemptCount: locked.attemptCount + 1,
        lastAttemptError: { message: message(err) },
      });
    });
  }
}

/** Step 2: where the committed transaction stands; sends its raw bytes when no node knows it. */
async function settleSent(ctx: PaymentContext, row: RefundRow): Promise<RefundRow['status']> {
  const { rail } = await refundRail(ctx, ctx.db, row);
  const txRef = row.txRef ?? '';
  let sent = await rail.track(txRef, row.raw ?? undefined);
  if (sent.status === 'replaced') {
    // Its nonce went to another transaction: signed again (committed first) and sent, or failed.
    const next = await replaceRefund(ctx, row, sent.nonce);
    if (next?.status !== 'processing' || next.txRef === row.txRef) return next?.status ?? 'processing';
    return settleSent(ctx, next);
  }
  if (sent.status === 'not_found') {
    try {
      await rail.submit(row.raw ?? '');
    } catch (err) {
      ctx.services.log.warn({ err: message(err), refund: row.id }, 'refund: sending failed; retried later');
      await ctx.db.transaction(async (tx) => {
        const locked = await getRefund(tx, row.id, true);
        if (locked?.status === 'processing') {
          await updateRefund(tx, locked, { lastAttemptError: { message: message(err) } });
        }
      });
      return 'processing';
    }
    crashPoint('refund:after-broadcast');
    await ctx.db.transaction(async (tx) => {
      const locked = await getRefund(tx, row.id, true);
      if (locked?.status === 'processing') await updateRefund(tx, locked, { broadcastAt: new Date() });
    });
    sent = await rail.track(txRef);
  }
  if (sent.status !== 'confirmed' && sent.status !== 'reverted') return 'processing';
  return ctx.db.transaction(async (tx) => {
    const locked = await getRefund(tx, row.id, true);
    if (locked?.status !== 'processing') return locked?.status ?? 'processing';
    const next = await updateRefund(
      tx,
      locked,
      sent.status === 'confirmed'
        ? { status: 'succeeded', lastAttemptError: null }
        : { status: 'failed', lastAttemptError: { message: 'the refund transaction reverted' } },
    );
    ctx.services.log.info({ refund: row.id, txRef, status: next.status }, 'refund settled');
    return next.status;
  });
}

/** Moves a refund as far as it can go now; answers its status. Safe to run anywhere, any number of times. */
export async function advanceRefund(ctx: PaymentContext, id: string): Promise<RefundRow['status'] | null> {
  const row = await commitRefund(ctx, id);
  if (!row) return null;
  if (row.status !== 'processing') return row.status;
  // Crash tests: the refund's transaction is committed and not sent yet.
  crashPoint('refund:after-commit-before-broadcast');
  return settleSent(ctx, row);
}

/** Settles every pending or processing refund older than `settleAfterMs` (0 at startup: all). */
export async function reconcileRefunds(ctx: PaymentContext, settleAfterMs = SETTLE_AFTER_MS) {
  const report = { checked: 0, succeeded: 0, failed: 0 };
  for (const row of await refundsInFlight(ctx.db, new Date(Date.now() - settleAfterMs))) {
    report.checked += 1;
    try {
      const status = await advanceRefund(ctx, row.id);
      if (status === 'succeeded' || status === 'failed') report[status] += 1;
    } catch (err) {
      ctx.services.log.warn({ err: message(err), refund: row.id }, 'refund not settled; next run retries');
    }
  }
  return report;
}

export function registerRefundJobs(ctx: PaymentContext): void {
  const { jobs } = ctx.services;
  const send = z.object({ refundId: z.string(), attempt: z.number().int().min(0).default(0) });
  jobs.define(REFUND_SEND_TASK, send, async ({ refundId, attempt }) => {
    const status = await advanceRefund(ctx, refundId);
    if ((status === 'pending' || status === 'processing') && attempt < SEND_CHECKS) {
      const delay = Math.min(60_000, 2_000 * 2 ** attempt);
      await enqueueRefundSend(ctx.db, refundId, attempt + 1, new Date(Date.now() + delay));
    }
  });
  const reconcile = z.object({ settleAfterMs: z.number().int().min(0).optional() }).passthrough();
  jobs.define(REFUND_RECONCILE_TASK, reconcile, async ({ settleAfterMs }, { log }) => {
    const report = await reconcileRefunds(ctx, settleAfterMs);
    if (report.checked > 0) log.info(report, 'refunds reconciled');
  });
  jobs.schedule('* * * * *', REFUND_RECONCILE_TASK);
  jobs.atStart(REFUND_RECONCILE_TASK, { settleAfterMs: 0 });
}
