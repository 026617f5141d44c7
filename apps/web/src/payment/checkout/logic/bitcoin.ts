// What the Bitcoin payment panel shows, read from the checkout's retrieve answer: waiting for the
// payment, seen (its transaction is known: the intent is processing), confirming n/m (the server's
// watcher counted n of the m confirmations the method requires), underpaid (the short payment is
// refunded; the server's message says how much is missing), or paid.
import type { CheckoutView } from './api';

export type BitcoinStatus =
  | { kind: 'waiting' }
  | { kind: 'seen' }
  | { kind: 'confirming'; confirmations: number; required: number }
  | { kind: 'underpaid'; message: string }
  | { kind: 'paid' };

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The confirmations the server recorded on a processing payment, when it has counted them. */
function confirming(details: unknown): BitcoinStatus | null {
  if (typeof details !== 'object' || details === null) return null;
  const record = details as Record<string, unknown>;
  const confirmations = count(record.confirmations);
  const required = count(record.confirmations_required);
  if (confirmations === null || required === null || required === 0) return null;
  return { kind: 'confirming', confirmations: Math.min(confirmations, required), required };
}

export function bitcoinStatus(view: CheckoutView): BitcoinStatus {
  if (view.checkoutSession.status === 'complete') return { kind: 'paid' };
  const intent = view.paymentIntent ?? {};
  const status = typeof intent.status === 'string' ? intent.status : '';
  if (status === 'processing') return confirming(intent.payment_details) ?? { kind: 'seen' };
  if (status === 'succeeded') return { kind: 'seen' };
  const error = intent.last_payment_error;
  if (error && typeof error === 'object' && 'code' in error && error.code === 'underpaid') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
    return { kind: 'underpaid', message };
  }
  return { kind: 'waiting' };
}

/** Satoshis as BTC without floats: 150000n -> "0.0015". */
export function btcText(sats: bigint): string {
  const text = sats.toString().padStart(9, '0');
  const fraction = text.slice(-8).replace(/0+$/, '');
  return fraction ? `${text.slice(0, -8)}.${fraction}` : text.slice(0, -8);
}
