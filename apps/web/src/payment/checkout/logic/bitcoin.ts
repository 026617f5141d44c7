// What the Bitcoin payment panel shows, read from the checkout's retrieve answer: waiting for the
// payment, seen (its transaction is known: the intent is processing), underpaid (the short payment is
// refunded; the server's message says how much is missing), or paid.
import type { CheckoutView } from './api';

export type BitcoinStatus =
  { kind: 'waiting' } | { kind: 'seen' } | { kind: 'underpaid'; message: string } | { kind: 'paid' };

export function bitcoinStatus(view: CheckoutView): BitcoinStatus {
  if (view.checkoutSession.status === 'complete') return { kind: 'paid' };
  const intent = view.paymentIntent ?? {};
  const status = typeof intent.status === 'string' ? intent.status : '';
  if (status === 'processing' || status === 'succeeded') return { kind: 'seen' };
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
