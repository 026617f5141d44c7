// Invoices nobody pays in time. A send_invoice invoice still open at its due date is a failed
// collection with no retry: its subscription goes past_due (and the grace then applies). A recovery
// (incomplete) whose invoice is still unpaid after its window expires: incomplete_expired, the invoice
// void.
import { and, eq } from 'drizzle-orm';
import { invoices } from '../../../db/schema/index.js';
import { closeWaitingIntentsOf } from '../../intents/index.js';
import type { PaymentContext } from '../../shared/context.js';
import { getInvoice } from '../repo.js';
import {
  announceInvoice,
  changeSubscription,
  lockInvoice,
  lockSubscription,
  updateInvoice,
} from './lifecycle.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

export async function markOverdue(ctx: Ctx, invoiceId: string, now: Date): Promise<boolean> {
  const peek = (await getInvoice(ctx.db, invoiceId, false)) ?? (await getInvoice(ctx.db, invoiceId, true));
  if (!peek?.subscriptionId) return false;
  const subscriptionId = peek.subscriptionId;
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    const invoice = await lockInvoice(tx, invoiceId);
    if (!sub || !invoice || invoice.status !== 'open' || invoice.attemptCount > 0) return false;
    if (!invoice.dueDate || invoice.dueDate.getTime() > now.getTime()) return false;
    const failed = await updateInvoice(tx, invoice.id, {
      attemptCount: 1,
      attempts: [
        ...invoice.attempts,
        { at: now.toISOString(), outcome: 'failed', reason: 'not_paid_by_due_date' },
      ],
    });
    await announceInvoice(ctx, tx, failed, 'invoice.overdue');
    if (sub.status === 'active' || sub.status === 'trialing') {
      await changeSubscription(ctx, tx, sub, { event: 'collection_failed', set: { pastDueAt: now } });
    }
    return true;
  });
}

export async function expireIncomplete(ctx: Ctx, subscriptionId: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub || sub.status !== 'incomplete') return false;
    const open = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')))
      .for('update');
    for (const invoice of open) {
      const voided = await updateInvoice(tx, invoice.id, { status: 'void', nextPaymentAttempt: null });
      await closeWaitingIntentsOf(tx, invoice, 'invoice_voided');
      await announceInvoice(ctx, tx, voided, 'invoice.voided');
    }
    await changeSubscription(ctx, tx, sub, { event: 'incomplete_expired', set: { endedAt: now } });
    return true;
  });
}
