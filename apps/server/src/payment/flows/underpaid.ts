// Flow: a transfer made for a live intent (its reference tag, or from its committed payer) that pays
// less than the intent's frozen amount. The rule, as BitPay and Coinbase Commerce treat an underpaid
// crypto invoice: the short transfer pays nothing and is refunded in full to the account that sent it
// (the refund is sent by flows/send-refund.ts); the intent keeps asking for its whole amount with the
// error `underpaid`, and the customer pays the full amount again. Short transfers are never added up:
// one transfer settles one intent completely, or it goes back.
import { toDecimalString } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { ConfirmedPayment } from '../../rails/types.js';
import { getSession } from '../checkout/index.js';
import { failIntent, getIntent, recordAttemptAmount, refundTransfer } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';

const shown = (amount: bigint, payment: ConfirmedPayment) =>
  `${toDecimalString(amount, payment.asset.decimals)} ${payment.asset.symbol}`;

/** The answer to the customer who posted an underpaid transfer (en and zh). */
export function underpaidError(payment: ConfirmedPayment, due: bigint): ApiError {
  return ApiError.of(
    'underpaid',
    { received: shown(payment.amount, payment), amount: shown(due, payment) },
    { param: 'txHash' },
  );
}

/**
 * Records an underpaid transfer for `reference` (already claimed for it by the rail, so once): the
 * attempt keeps the received amount, a refund to its payer is created (and sent by its job), and a
 * live intent asks for payment again with the error `underpaid`. Answers the intent's amount due.
 */
export async function recordUnderpayment(
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
): Promise<bigint | null> {
  const peek = await getIntent(tx, reference);
  if (!peek) return null;
  // Lock order (flows/complete-checkout.ts): the session, then the intent.
  if (peek.checkoutSessionId) await getSession(tx, peek.checkoutSessionId, peek.livemode, true);
  const intent = await getIntent(tx, reference, true);
  if (!intent) return null;
  await recordAttemptAmount(tx, intent.id, payment.txRef, payment.amount, 'failed', 'underpaid');
  const { created } = await refundTransfer(tx, intent, payment, 'underpaid');
  const live = intent.status === 'requires_action' || intent.status === 'processing';
  const current = intent.paymentDetails?.tx_hash;
  const itsOwn = typeof current !== 'string' || current.toLowerCase() === payment.txRef.toLowerCase();
  if (created && live && (intent.status !== 'processing' || itsOwn)) {
    await failIntent(
      tx,
      intent,
      'underpaid',
      `received ${payment.amount} of ${intent.amount}; the transfer will be refunded to ${payment.payer}`,
    );
  }
  return intent.amount;
}
