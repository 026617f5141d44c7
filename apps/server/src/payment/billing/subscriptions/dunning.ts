// What a collection outcome does to the invoice and its subscription. A failed attempt is recorded on
// the invoice and the next retry planned (BILLING_RETRY_DAYS, counted from the first attempt); a trial
// whose first paid period fails goes past_due at once, any other subscription after the last retry.
// Past the grace (BILLING_PAST_DUE_GRACE_DAYS) a past_due subscription is canceled (reason
// payment_failed) and its open invoices become uncollectible, unless BILLING_PAST_DUE_ACTION is keep.
// Paying an invoice brings a past_due (or incomplete) subscription back to active.
// A retry is planned only where the scheduled collection will run it: an open invoice of a
// subscription that is not over (canceled, incomplete_expired). A failed attempt forced by
// POST /invoices/{id}/pay on any other invoice (a canceled subscription's, an uncollectible one) is
// one attempt now: recorded, with no retry and no change to the subscription; paying it again is
// another forced attempt (or the customer's own payment).
// A paid invoice closes every payment still waiting to pay it (intents/close.ts), in the same
// transaction: failed collection attempts and waiting batches no longer show as open.
// Callers hold the locks in this order: subscription, invoice (then the intent, in flows).
import { and, eq, inArray } from 'drizzle-orm';
import type { InvoiceAttempt } from '../../../db/schema/index.js';
import { invoices } from '../../../db/schema/index.js';
import { closeWaitingIntentsOf } from '../../intents/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import { announceInvoice, changeSubscription, lockSubscription, updateInvoice } from './lifecycle.js';
import { applyPendingUpdate } from './plan-change.js';
import { nextRetry } from './schedule.js';
import { dunningOf } from './settings.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

const attempt = (now: Date, outcome: InvoiceAttempt['outcome'], extra: Partial<InvoiceAttempt> = {}) => ({
  at: now.toISOString(),
  outcome,
  ...extra,
});

/** Subscriptions whose invoices the scheduled collection never tries again. */
const OVER = new Set<SubscriptionRow['status']>(['canceled', 'incomplete_expired']);

/** Whether the scheduled collection would ever run a retry of the invoice. */
export function retriesRun(invoice: InvoiceRow, sub: SubscriptionRow | null): boolean {
  return invoice.status === 'open' && !(sub && OVER.has(sub.status));
}

/** A collection attempt left the invoice unpaid (`reason`: no allowance, low balance, rejected transfer…). */
export async function recordCollectionFailure(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow | null,
  invoice: InvoiceRow,
  reason: string,
  now: Date,
): Promise<InvoiceRow> {
  const count = invoice.attemptCount + (invoice.attempts.at(-1)?.outcome === 'submitted' ? 0 : 1);
  const first = invoice.attempts[0] ? new Date(invoice.attempts[0].at) : now;
  const attempts = [...invoice.attempts, attempt(now, 'failed', { reason })];
  if (!retriesRun(invoice, sub)) {
    // A forced attempt the scheduled collection would never repeat: recorded, nothing planned.
    const tried = await updateInvoice(tx, invoice.id, {
      attemptCount: count,
      nextPaymentAttempt: null,
      attempts,
    });
    await announceInvoice(ctx, tx, tried, 'invoice.payment_failed');
    return tried;
  }
  const retry = nextRetry(dunningOf(ctx.services.config), count, first);
  const updated = await updateInvoice(tx, invoice.id, {
    attemptCount: count,
    nextPaymentAttempt: retry,
    // After the last retry the invoice is due now: past due, it blocks new purchases (past-due.ts).
    ...(retry === null ? { dueDate: invoice.dueDate ?? now } : {}),
    attempts,
  });
  await announceInvoice(ctx, tx, updated, 'invoice.payment_failed');
  if (!sub) return updated;
  if (sub.status === 'trialing') {
    await changeSubscription(ctx, tx, sub, { event: 'trial_unpaid', set: { pastDueAt: now } });
  } else if (retry === null && sub.status === 'active') {
    await changeSubscription(ctx, tx, sub, { event: 'collection_failed', set: { pastDueAt: now } });
  }
  return updated;
}

/** A transfer for the invoice was sent: recorded, and no retry is planned while it settles. */
export async function recordCollectionSubmitted(
  tx: DbLike,
  invoice: InvoiceRow,
  txHash: string,
  intentId: string,
  now: Date,
): Promise<InvoiceRow> {
  return updateInvoice(tx, invoice.id, {
    attemptCount: invoice.attemptCount + 1,
    nextPaymentAttempt: null,
    paymentIntentId: intentId,
    attempts: [...invoice.attempts, attempt(now, 'submitted', { tx_hash: txHash })],
  });
}

/** The invoice is paid (`received`, with the transfer's details); its subscription is active again. */
export async function settleInvoicePaid(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow | null,
  invoice: InvoiceRow,
  received: bigint,
  details: Record<string, unknown>,
  now: Date,
): Promise<InvoiceRow> {
  const paid = await updateInvoice(tx, invoice.id, {
    status: 'paid',
    amountPaid: invoice.amountPaid + received,
    amountRemaining: 0n,
    nextPaymentAttempt: null,
    attempts: [...invoice.attempts, attempt(now, 'succeeded', { tx_hash: String(details.tx_hash ?? '') })],
    metadata: { ...invoice.metadata, payment_details: details },
  });
  await closeWaitingIntentsOf(tx, invoice, 'invoice_paid');
  await announceInvoice(ctx, tx, paid, 'invoice.paid');
  if (!sub) return paid;
  // A plan change waiting for this invoice (pending_update) applies now that it is paid.
  const current = await applyPendingUpdate(ctx, tx, sub, invoice.id);
  if (current.status === 'trialing') await changeSubscription(ctx, tx, current, { event: 'trial_paid' });
  else if (current.status === 'past_due' || current.status === 'incomplete') {
    await changeSubscription(ctx, tx, current, { event: 'invoice_paid', set: { pastDueAt: null } });
  }
  return paid;
}

/** The open invoices of a subscription, locked (after the subscription's lock). */
async function openInvoicesOf(tx: DbLike, subscriptionId: string): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['open'])))
    .for('update');
}

/** The past-due grace ran out: canceled (payment_failed), its open invoices uncollectible. */
export async function expireGrace(ctx: Ctx, subscriptionId: string, now: Date): Promise<boolean> {
  const settings = dunningOf(ctx.services.config);
  if (settings.action === 'keep') return false;
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub || sub.status !== 'past_due' || !sub.pastDueAt) return false;
    if (sub.pastDueAt.getTime() + settings.graceDays * 86_400_000 > now.getTime()) return false;
    for (const open of await openInvoicesOf(tx, sub.id)) {
      const gone = await updateInvoice(tx, open.id, { status: 'uncollectible', nextPaymentAttempt: null });
      await announceInvoice(ctx, tx, gone, 'invoice.marked_uncollectible');
    }
    await changeSubscription(ctx, tx, sub, {
      event: 'grace_expired',
      set: {
        canceledAt: now,
        endedAt: now,
        cancelAtPeriodEnd: false,
        cancelationDetails: { reason: 'payment_failed', feedback: null, comment: null },
      },
    });
    return true;
  });
}
