// Flow: a transfer paying an invoice (not a checkout) was confirmed or rejected. The intent succeeds
// and the invoice is paid (its subscription active again), or the attempt is recorded as failed and
// the next retry planned (billing/subscriptions/dunning.ts). Runs inside the rail's recording
// transaction (watcher, reconcile job, or the collection waiting for its pull), so it happens once.
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
} from '../billing/index.js';
import {
  closeWaitingIntentsOf,
  type ConfirmedPayment,
  failIntent,
  getIntent,
  type IntentRow,
  isPaid,
  settle,
  settleAttempt,
  settleUnderpaid,
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
