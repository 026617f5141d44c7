// Wires the payment flows to the rails (confirmed and rejected transfers), the relay topics of
// checkout and customers, and the attempts reconcile job.
import { getSubscription } from '../billing/index.js';
import { eq } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema/index.js';
import { getCustomer } from '../customers/index.js';
import {
  recordConfirmations,
  registerRefundJobs,
  settleUnderpaid,
  type ConfirmedHandler,
  type RejectedHandler,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { completeCheckoutPayment, failCheckoutPayment } from './complete-checkout.js';
import { completeInvoicePayment, failInvoicePayment, recordInvoiceUnderpayment } from './invoice-payment.js';
import { registerReconcileJob } from './reconcile-attempts.js';

import { registerFindUnpostedJob } from './find-unposted.js';
import { completeBatchPayment, failBatchPayment } from './batch-payment.js';

async function explorerFor(ctx: PaymentContext, methodId: string, txRef: string): Promise<string | null> {
  const [method] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId)).limit(1);
  if (!method) return null;
  try {
    return ctx.services.rails.forMethod(method).explorerUrl(txRef);
  } catch {
    return null;
  }
}

export function registerPaymentFlows(ctx: PaymentContext): void {
  const { rails, relay } = ctx.services;
  const onConfirmed: ConfirmedHandler = async (event, tx) => {
    const explorer = await explorerFor(ctx, event.methodId, event.txRef);
    // An overdue batch (several invoices, one transfer), an invoice's own payment (a renewal's pull),
    // else a checkout's.
    if (await completeBatchPayment(ctx, tx, event.reference, event.payment, explorer, event.rail)) return;
    if (await completeInvoicePayment(ctx, tx, event.reference, event.payment, explorer, event.rail)) return;
    await completeCheckoutPayment(ctx, tx, event.reference, event.payment, explorer, event.rail);
  };
  const onRejected: RejectedHandler = async (event, tx) => {
    // A short transfer made for this payment: recorded and refunded, the intent asks again (intents/settle.ts).
    if (event.underpaid) {
      if (await recordInvoiceUnderpayment(ctx, tx, event.reference, event.underpaid)) return;
      await settleUnderpaid(tx, event.reference, event.underpaid);
      return;
    }
    if (await failBatchPayment(tx, event.reference, event.txRef, event.reason)) return;
    if (await failInvoicePayment(ctx, tx, event.reference, event.txRef, event.reason)) return;
    await failCheckoutPayment(tx, event.reference, event.txRef, event.reason, event.detail);
  };
  rails.onConfirmed(onConfirmed);
  rails.onRejected(onRejected);
  // A checkout's or invoice's payment still short of its depth: its count, for "confirming n/m".
  rails.onProgress((event, tx) =>
    recordConfirmations(tx, event.reference, event.confirmations, event.required),
  );
  registerReconcileJob(ctx);
  registerRefundJobs(ctx);
  registerFindUnpostedJob(ctx);

  relay.allow('checkout_session:', (topic) => /^checkout_session:cs_[A-Za-z0-9]{8,64}$/.test(topic));
  relay.allow('customer:', async (topic, request) => {
    const user = await ctx.sessions.user(request);
    if (!user) return false;
    const id = topic.slice('customer:'.length);
    for (const livemode of [true, false]) {
      const customer = await getCustomer(ctx.db, id, livemode);
      if (customer) return customer.did === user.did;
    }
    return false;
  });
  // A subscription's own topic: its customer's signed-in user only.
  relay.allow('subscription:', async (topic, request) => {
    const user = await ctx.sessions.user(request);
    if (!user) return false;
    const id = topic.slice('subscription:'.length);
    for (const livemode of [true, false]) {
      const sub = await getSubscription(ctx.db, id, livemode);
      if (sub) return (await getCustomer(ctx.db, sub.customerId, livemode))?.did === user.did;
    }
    return false;
  });
}
