// Flow: an invoice's pull (transferFrom) that moved less than the invoice's amount: a fee-on-transfer
// token kept part of it, or the verifier saw less. The underpaid rule of checkout holds for invoices
// too: the short transfer pays nothing. The attempt is recorded with what arrived, what arrived is
// refunded in full to the payer (flows/underpaid.ts, sent by flows/send-refund.ts), the intent fails
// with `underpaid`, and the invoice stays open with the failed collection recorded (`underpaid`, the
// next retry planned by dunning) instead of being marked paid or left waiting for nothing.
//
// Lock order of invoice payments (flows/invoice-payment.ts): the subscription → the invoice → the
// payment intent → payment_attempts.
import { billingNow } from '../billing/index.js';
import type { ConfirmedPayment } from '../../rails/types.js';
import { getIntent } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { collectionFailed, isInvoiceIntent, lockInvoicePayment } from './invoice-payment.js';
import { recordUnderpayment } from './underpaid.js';

/** Records an invoice's underpaid transfer; false when `reference` is not an invoice's intent. */
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
  await recordUnderpayment(tx, reference, payment);
  if (!awaited || invoice.status !== 'open') return true;
  const now = await billingNow(tx, invoice.testClockId);
  await collectionFailed(ctx, tx, sub, invoice, 'underpaid', now);
  return true;
}
