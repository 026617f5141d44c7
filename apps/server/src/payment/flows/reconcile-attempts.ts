// Flow: settle every payment attempt left in flight (a crash between committing an attempt and
// sending it, between sending and recording, a watcher that gave up). Each is checked against the
// chain: confirmed → the checkout completes (as the watcher would); known but unmined → wait; unknown
// → its signed bytes are sent again (the same transaction, never a new charge), or, for a transfer the
// customer sent that no node has seen for a while, it is dropped and the intent asks for payment again;
// rejected → the intent records the error. A pull whose nonce another transaction took is signed
// again, as a refund is (flows/pull-replaced.ts). Allowance approves committed but not sent are sent
// (flows/allowance-resend.ts). Runs at startup and every minute (payment:reconcile-attempts).
import { z } from 'zod';
import {
  type AttemptRow,
  checkTransfer,
  getIntent,
  inFlightBefore,
  markBroadcast,
  payingFor,
  sendSigned,
  settleAttempt,
  settleUnderpaid,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { completeCheckoutPayment, failCheckoutPayment } from './complete-checkout.js';
import { completeInvoicePayment, failInvoicePayment, recordInvoiceUnderpayment } from './invoice-payment.js';
import { completeBatchPayment, failBatchPayment } from './batch-payment.js';
import { resendAllowanceGrants } from './allowance-resend.js';
import { sendPull } from './pull-replaced.js';

export const RECONCILE_TASK = 'payment:reconcile-attempts';
/** An attempt younger than this is still in the hands of the request that made it. */
const SETTLE_AFTER_MS = 30_000;
/** A customer-sent transaction no node has seen for this long is dropped. */
const DROP_AFTER_MS = 10 * 60_000;

export interface ReconcileReport {
  checked: number;
  confirmed: number;
  resent: number;
  failed: number;
}

type Outcome = 'confirmed' | 'resent' | 'failed' | 'waiting';

async function reconcileOne(
  ctx: PaymentContext,
  attempt: AttemptRow,
  now: number,
  mayResend = true,
): Promise<Outcome> {
  const intent = await getIntent(ctx.db, attempt.paymentIntentId);
  if (!intent?.paymentMethodId) {
    await settleAttempt(ctx.db, attempt.paymentIntentId, attempt.txRef, 'failed', 'payment intent missing');
    return 'failed';
  }
  const paying = await payingFor(ctx, ctx.db, intent);
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome | 'resend'> => {
    const payer = attempt.payer ?? undefined;
    const { result, explorer } = await checkTransfer(tx, paying, intent, attempt.txRef, payer);
    if (result.status === 'confirmed') {
      const batch = await completeBatchPayment(ctx, tx, intent.id, result, explorer, paying.rail.kind);
      if (!batch && !(await completeInvoicePayment(ctx, tx, intent.id, result, explorer, paying.rail.kind))) {
        await completeCheckoutPayment(ctx, tx, intent.id, result, explorer, paying.rail.kind);
      }
      await settleAttempt(tx, intent.id, attempt.txRef, 'confirmed');
      return 'confirmed';
    }
    if (result.status === 'pending') return 'waiting';
    if (result.underpaid) {
      if (!(await recordInvoiceUnderpayment(ctx, tx, intent.id, result.underpaid))) {
        await settleUnderpaid(tx, intent.id, result.underpaid);
      }
      return 'failed';
    }
    if (result.reason === 'not_found') {
      if (attempt.raw) return mayResend ? 'resend' : 'waiting';
      if (now - attempt.createdAt.getTime() < DROP_AFTER_MS) return 'waiting';
    }
    const batch = await failBatchPayment(tx, intent.id, attempt.txRef, result.reason);
    if (!batch && !(await failInvoicePayment(ctx, tx, intent.id, attempt.txRef, result.reason))) {
      await failCheckoutPayment(tx, intent.id, attempt.txRef, result.reason, result.detail);
    }
    return 'failed';
  });
  if (outcome !== 'resend') return outcome;
  try {
    // A pull whose nonce another transaction took is signed again (flows/pull-replaced.ts).
    let sent: AttemptRow | null = attempt;
    if (attempt.kind === 'pull') sent = await sendPull(ctx, paying, attempt);
    else {
      await sendSigned(paying, attempt.raw ?? '');
      await markBroadcast(ctx.db, attempt.id);
    }
    if (!sent) return 'failed';
    // Settle it at once when the chain took it in (a mined or pending answer); else the next run does.
    const after = await reconcileOne(ctx, sent, now, false);
    return after === 'waiting' ? 'resent' : after;
  } catch (err) {
    ctx.services.log.warn(
      { err: err instanceof Error ? err.message : String(err), txRef: attempt.txRef },
      'reconcile: re-sending a payment attempt failed',
    );
    if (now - attempt.createdAt.getTime() < DROP_AFTER_MS) return 'waiting';
    await ctx.db.transaction(async (tx) => {
      if (await failInvoicePayment(ctx, tx, intent.id, attempt.txRef, 'not_found')) return;
      await failCheckoutPayment(
        tx,
        intent.id,
        attempt.txRef,
        'not_found',
        'the signed transaction could not be sent',
      );
    });
    return 'failed';
  }
}

/** Settles the in-flight attempts older than `settleAfterMs` (0 in tests: all of them). */
export async function reconcileAttempts(
  ctx: PaymentContext,
  settleAfterMs = SETTLE_AFTER_MS,
): Promise<ReconcileReport> {
  const now = Date.now();
  const report: ReconcileReport = { checked: 0, confirmed: 0, resent: 0, failed: 0 };
  for (const attempt of await inFlightBefore(ctx.db, new Date(now - settleAfterMs))) {
    report.checked += 1;
    try {
      const outcome = await reconcileOne(ctx, attempt, now);
      if (outcome !== 'waiting') report[outcome] += 1;
    } catch (err) {
      ctx.services.log.warn(
        { err: err instanceof Error ? err.message : String(err), txRef: attempt.txRef },
        'reconcile: payment attempt not settled; next run retries',
      );
    }
  }
  return report;
}

export function registerReconcileJob(ctx: PaymentContext): void {
  const { jobs } = ctx.services;
  const payload = z.object({ settleAfterMs: z.number().int().min(0).optional() }).passthrough();
  jobs.define(RECONCILE_TASK, payload, async ({ settleAfterMs }, { log }) => {
    const report = await reconcileAttempts(ctx, settleAfterMs);
    if (report.checked > 0) log.info(report, 'payment attempts reconciled');
    const grants = await resendAllowanceGrants(ctx, settleAfterMs ?? SETTLE_AFTER_MS);
    if (grants.sent + grants.known + grants.replaced > 0) log.info(grants, 'allowance approves reconciled');
  });
  jobs.schedule('* * * * *', RECONCILE_TASK);
  // At start every in-flight attempt is settled: re-sending a committed transaction is the same
  // transaction, so acting on one another live process is still sending is harmless.
  jobs.atStart(RECONCILE_TASK, { settleAfterMs: 0 });
}
