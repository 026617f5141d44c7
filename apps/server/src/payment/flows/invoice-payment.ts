// Flow: an invoice's payment (not a checkout's): the invoice's one collection intent for what it owes
// (`collectionIntentFor`), and what a transfer for it means (`settleInvoiceTransfer`). Confirmed, the
// intent succeeds and the invoice is paid (its subscription active again); rejected or underpaid, the
// attempt is recorded as failed and the next retry planned (billing/subscriptions/dunning.ts). Runs
// inside the rail's recording transaction (watcher, reconcile job, or the collection waiting for its
// pull), so it happens once.
//
// Lock order of invoice payments: the rail_transactions row (inserted by verify) → the subscription →
// the invoice → the payment intent → payment_attempts.
import {
  billingNow,
  getInvoice,
  lockInvoice,
  lockSubscription,
  recordCollectionFailure,
  settleInvoicePaid,
  type InvoiceRow,
  type SubscriptionRow,
  updateInvoice,
} from '../billing/index.js';
import {
  cancelIntent,
  closeWaitingIntentsOf,
  type ConfirmedPayment,
  createIntent,
  failIntent,
  getIntent,
  type IntentRow,
  isPaid,
  type PayingWith,
  settle,
  settleAttempt,
  settleUnderpaid,
  updateIntent,
  type VerifyResult,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { notifyInvoicePaid } from './invoice-notices.js';
import type { DbLike } from '../shared/db.js';

/**
 * A collection attempt failed: recorded on the invoice (dunning plans the next retry). When no retry
 * will run (the last one failed, or a forced attempt on an invoice no retry is planned for), the
 * invoice's own collection intent can no longer be paid: it is closed as a failed attempt instead of
 * waiting for ever. The invoice stays owed (the customer may still pay it, e.g. as an overdue batch).
 */
export async function collectionFailed(
  ctx: PaymentContext,
  tx: DbLike,
  sub: SubscriptionRow | null,
  invoice: InvoiceRow,
  reason: string,
  now: Date,
): Promise<InvoiceRow> {
  const updated = await recordCollectionFailure(ctx, tx, sub, invoice, reason, now);
  if (updated.nextPaymentAttempt === null) {
    await closeWaitingIntentsOf(tx, updated, 'collection_failed', { batches: false });
  }
  return updated;
}

/** The invoice's own collection intent for the amount owed now: the waiting one, or a new linked one. */
export async function collectionIntentFor(
  tx: DbLike,
  invoice: InvoiceRow,
  paying: PayingWith,
): Promise<IntentRow> {
  const current = invoice.paymentIntentId ? await getIntent(tx, invoice.paymentIntentId, true) : null;
  const own = current?.invoiceId === invoice.id && current.status === 'requires_action' ? current : null;
  if (own && own.amount === invoice.amountRemaining && own.paymentMethodId === paying.method.id) return own;
  // What it asked for is no longer what is owed: it ends here, a new one asks for the rest.
  if (own) await cancelIntent(tx, own, 'invoice_amount_changed');
  const intent = await createIntent(tx, {
    livemode: invoice.livemode,
    amount: invoice.amountRemaining,
    currencyId: invoice.currencyId,
    paymentMethodId: paying.method.id,
    customerId: invoice.customerId,
    description: invoice.number ? `Invoice ${invoice.number}` : null,
  });
  const linked = await updateIntent(tx, intent.id, { invoiceId: invoice.id });
  await updateInvoice(tx, invoice.id, { paymentIntentId: linked.id });
  return linked;
}

/** Locks an invoice payment's rows in order (subscription, invoice, intent); null when not one. */
export async function lockInvoicePayment(tx: DbLike, reference: string) {
  const peek = await getIntent(tx, reference);
  if (!peek?.invoiceId || peek.checkoutSessionId) return null;
  const invoicePeek = await getInvoice(tx, peek.invoiceId, peek.livemode);
  if (!invoicePeek) return null;
  const sub = invoicePeek.subscriptionId ? await lockSubscription(tx, invoicePeek.subscriptionId) : null;
  const invoice = await lockInvoice(tx, invoicePeek.id);
  const intent = await getIntent(tx, reference, true);
  if (!invoice || !intent) return null;
  return { sub, invoice, intent };
}

export function isInvoiceIntent(intent: Pick<IntentRow, 'invoiceId' | 'checkoutSessionId'> | null): boolean {
  return Boolean(intent?.invoiceId && !intent.checkoutSessionId);
}

/** Completes an invoice's confirmed payment; false when `reference` is not an invoice's intent. */
export async function completeInvoicePayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
  explorer: string | null,
  railKind: string,
): Promise<boolean> {
  if (!isInvoiceIntent(await getIntent(tx, reference))) return false;
  const locked = await lockInvoicePayment(tx, reference);
  if (!locked) return true;
  const { sub, invoice, intent } = locked;
  const outcome = await settle(tx, intent, payment, { rail: railKind, explorer });
  if (!isPaid(outcome) || (invoice.status !== 'open' && invoice.status !== 'uncollectible')) return true;
  const now = await billingNow(tx, invoice.testClockId);
  await settleInvoicePaid(ctx, tx, sub, invoice, payment.amount, outcome.details, now);
  await notifyInvoicePaid(ctx, tx, invoice, payment.amount);
  return true;
}

/**
 * An invoice's pull that moved less than the invoice (a fee-on-transfer token kept part of it): the
 * underpaid rule of checkout holds (intents/settle.ts: what arrived is refunded, the intent fails
 * `underpaid`), and the invoice stays open with the failed collection recorded (dunning plans the next
 * retry) instead of being marked paid. False when `reference` is not an invoice's intent.
 */
export async function recordInvoiceUnderpayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
): Promise<boolean> {
  if (!isInvoiceIntent(await getIntent(tx, reference))) return false;
  const locked = await lockInvoicePayment(tx, reference);
  if (!locked) return true;
  const { sub, invoice, intent } = locked;
  const current = intent.paymentDetails?.tx_hash;
  const itsOwn = typeof current !== 'string' || current.toLowerCase() === payment.txRef.toLowerCase();
  const awaited = intent.status === 'processing' && itsOwn;
  await settleUnderpaid(tx, reference, payment);
  if (!awaited || invoice.status !== 'open') return true;
  await collectionFailed(ctx, tx, sub, invoice, 'underpaid', await billingNow(tx, invoice.testClockId));
  return true;
}

/** Records a rejected transfer of an invoice's intent; false when `reference` is not an invoice's intent. */
export async function failInvoicePayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  txRef: string,
  code: string,
): Promise<boolean> {
  if (!isInvoiceIntent(await getIntent(tx, reference))) return false;
  const locked = await lockInvoicePayment(tx, reference);
  if (!locked) return true;
  const { sub, invoice, intent } = locked;
  await settleAttempt(tx, intent.id, txRef, code === 'not_found' ? 'dropped' : 'failed', code);
  const current = intent.paymentDetails?.tx_hash;
  if (intent.status !== 'processing' || (typeof current === 'string' && current !== txRef.toLowerCase())) {
    return true;
  }
  await failIntent(tx, intent, code, `the transfer for invoice ${invoice.id} was rejected: ${code}`);
  if (invoice.status !== 'open') return true;
  await collectionFailed(ctx, tx, sub, invoice, code, await billingNow(tx, invoice.testClockId));
  return true;
}

/**
 * What a checked transfer of an invoice's intent means, in the collection's own words: `paid` (the
 * invoice is paid), `failed` (underpaid and refunded, or rejected: the next retry is planned) or null
 * while the chain does not know it yet.
 */
export async function settleInvoiceTransfer(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  txRef: string,
  result: VerifyResult,
  explorer: string | null,
  railKind: string,
): Promise<'paid' | 'failed' | null> {
  if (result.status === 'pending') return null;
  if (result.status === 'rejected') {
    if (result.underpaid) await recordInvoiceUnderpayment(ctx, tx, reference, result.underpaid);
    else if (result.reason === 'not_found') return null;
    else await failInvoicePayment(ctx, tx, reference, txRef, result.reason);
    return 'failed';
  }
  await completeInvoicePayment(ctx, tx, reference, result, explorer, railKind);
  return 'paid';
}
