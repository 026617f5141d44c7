// Renewal: at current_period_end a subscription that still bills gets the next period's invoice
// (billing_reason subscription_cycle) and moves on to that period, in one transaction holding the
// subscription's row lock. Run twice, by two processes or after a crash, it bills once: the second run
// sees the period already moved (under the same lock), and the cycle invoice is unique per
// (subscription, period start). Collection of the new invoice happens after the commit (flows).
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import { createPeriodInvoice } from './invoicing.js';
import { announceInvoice, changeSubscription, lockSubscription } from './lifecycle.js';
import { renews } from './machine.js';
import { nextPeriod } from './schedule.js';

export type RenewOutcome =
  | { kind: 'not_due' }
  | { kind: 'ended'; subscription: SubscriptionRow }
  | { kind: 'renewed'; subscription: SubscriptionRow; invoice: InvoiceRow | null };

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

export function anchorOf(sub: SubscriptionRow): Date {
  return sub.billingCycleAnchor ?? sub.trialEnd ?? sub.startDate;
}

/**
 * Renews the subscription when its period has ended at `now`: a `cancel_at_period_end` subscription
 * is canceled instead; a paused one moves to its next period without an invoice; a trial that ends
 * bills its first paid period (it turns active once that invoice is paid, or at once when nothing is
 * due).
 */
export async function renewSubscription(ctx: Ctx, id: string, now: Date): Promise<RenewOutcome> {
  return ctx.db.transaction(async (tx) => renewLocked(ctx, tx, await lockSubscription(tx, id), now));
}

/** renewSubscription's work on a subscription row the caller locked in `tx`. */
export async function renewLocked(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow | null,
  now: Date,
): Promise<RenewOutcome> {
  if (!sub || sub.currentPeriodEnd.getTime() > now.getTime()) return { kind: 'not_due' };
  if (sub.status !== 'paused' && !renews(sub.status)) return { kind: 'not_due' };
  if (sub.cancelAtPeriodEnd) {
    const ended = await changeSubscription(ctx, tx, sub, {
      event: 'cancel',
      set: { endedAt: sub.currentPeriodEnd, canceledAt: sub.canceledAt ?? sub.currentPeriodEnd },
    });
    return { kind: 'ended', subscription: ended };
  }
  const next = nextPeriod(
    anchorOf(sub),
    { interval: sub.recurringInterval, intervalCount: sub.recurringIntervalCount },
    sub.currentPeriodEnd,
  );
  const period = { currentPeriodStart: next.start, currentPeriodEnd: next.end };
  if (sub.status === 'paused') {
    const moved = await changeSubscription(ctx, tx, sub, { set: period });
    return { kind: 'renewed', subscription: moved, invoice: null };
  }
  const invoice = await createPeriodInvoice(ctx, tx, sub, {
    reason: 'subscription_cycle',
    periodStart: next.start,
    periodEnd: next.end,
    now,
  });
  if (invoice) {
    await announceInvoice(ctx, tx, invoice, 'invoice.created');
    await announceInvoice(ctx, tx, invoice, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized');
  }
  const trialOver = sub.status === 'trialing' && invoice?.status === 'paid';
  const renewed = await changeSubscription(ctx, tx, sub, {
    ...(trialOver ? { event: 'trial_paid' as const } : {}),
    set: { ...period, latestInvoiceId: invoice?.id ?? sub.latestInvoiceId },
  });
  return { kind: 'renewed', subscription: renewed, invoice };
}
