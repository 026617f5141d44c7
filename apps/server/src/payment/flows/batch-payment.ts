// Flow: the transfer of an overdue batch (batch.ts) was confirmed or rejected. Confirmed and covering
// the frozen sum: the intent succeeds and each frozen invoice still to be paid is settled with its own
// frozen amount. An invoice settled meanwhile by other means (paid another way, or voided) is left
// alone, and its frozen share, which now pays for nothing, is refunded to the transfer's sender in
// the same transaction (one refund per batch transfer, reason `duplicate`). Rejected: the attempt is
// recorded and the intent waits again; the invoices stay open. Runs inside the rail's recording
// transaction (watcher, reconcile job or the action waiting), so it happens once.
//
// Lock order, as for one invoice: the subscriptions (by id) → the invoices (by id) → the intent.
import {
  billingNow,
  getInvoice,
  lockInvoice,
  lockSubscription,
  settleInvoicePaid,
  type InvoiceRow,
  type SubscriptionRow,
} from '../billing/index.js';
import {
  type ConfirmedPayment,
  createRefund,
  failIntent,
  getIntent,
  isPaid,
  settle,
  settleAttempt,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { batchOf, type FrozenBatch } from '../portal/index.js';

/** Locks a batch's rows in order: its subscriptions (by id), then its invoices (by id). */
export async function lockBatch(tx: DbLike, livemode: boolean, batch: FrozenBatch) {
  const peeks = (await Promise.all(batch.invoices.map((i) => getInvoice(tx, i.id, livemode)))).filter(
    (r): r is InvoiceRow => r !== null,
  );
  const subIds = [...new Set(peeks.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))].sort();
  const subs = new Map<string, SubscriptionRow>();
  for (const id of subIds) {
    const sub = await lockSubscription(tx, id);
    if (sub) subs.set(id, sub);
  }
  const invoices = new Map<string, InvoiceRow>();
  for (const id of peeks.map((r) => r.id).sort()) {
    const row = await lockInvoice(tx, id);
    if (row) invoices.set(id, row);
  }
  return { subs, invoices };
}

/** Completes a batch's confirmed transfer; false when `reference` is not a batch intent. */
export async function completeBatchPayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
  explorer: string | null,
  railKind: string,
): Promise<boolean> {
  const peek = await getIntent(tx, reference);
  const batch = batchOf(peek);
  if (!peek || !batch) return false;
  const { subs, invoices } = await lockBatch(tx, peek.livemode, batch);
  const intent = await getIntent(tx, reference, true);
  if (!intent) return true;
  // Paid twice, replaced meanwhile (late) or short: recorded (and refunded) by intents/settle.ts.
  const outcome = await settle(tx, intent, payment, {
    rail: railKind,
    explorer,
    extra: { batch_intent_id: intent.id },
  });
  if (!isPaid(outcome)) return true;
  const { intent: paid, details } = outcome;
  const settledElsewhere: string[] = [];
  let unowed = 0n;
  for (const item of batch.invoices) {
    const invoice = invoices.get(item.id);
    if (!invoice || (invoice.status !== 'open' && invoice.status !== 'uncollectible')) {
      settledElsewhere.push(item.id);
      unowed += BigInt(item.amount);
      continue;
    }
    const sub = invoice.subscriptionId ? (subs.get(invoice.subscriptionId) ?? null) : null;
    const now = await billingNow(tx, invoice.testClockId);
    // The subscription as it is now: an earlier invoice of the batch may have made it active again.
    const fresh = sub ? ((await lockSubscription(tx, sub.id)) ?? sub) : null;
    await settleInvoicePaid(ctx, tx, fresh, invoice, BigInt(item.amount), details, now);
  }
  if (unowed > 0n) {
    await createRefund(tx, paid, {
      amount: unowed,
      to: payment.payer,
      reason: 'duplicate',
      metadata: { cause: 'invoice_settled_otherwise', invoice_ids: settledElsewhere },
    });
  }
  return true;
}

/** Records a batch's rejected transfer; false when `reference` is not a batch intent. */
export async function failBatchPayment(
  tx: DbLike,
  reference: string,
  txRef: string,
  code: string,
): Promise<boolean> {
  const peek = await getIntent(tx, reference);
  if (!peek || !batchOf(peek)) return false;
  const intent = await getIntent(tx, reference, true);
  if (!intent) return true;
  await settleAttempt(tx, intent.id, txRef, code === 'not_found' ? 'dropped' : 'failed', code);
  const current = intent.paymentDetails?.tx_hash;
  if (intent.status !== 'processing' || (typeof current === 'string' && current !== txRef.toLowerCase())) {
    return true;
  }
  await failIntent(tx, intent, code, `the batch transfer was rejected: ${code}`);
  return true;
}
