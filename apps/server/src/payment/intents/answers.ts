// What a customer who posted a transfer is told when it pays nothing (en and zh in the error catalog):
// too little (refunded), a second payment (refunded), a payment for a replaced intent (refunded).
import { toDecimalString } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { ConfirmedPayment } from './rail.js';

const shown = (amount: bigint, payment: ConfirmedPayment) =>
  `${toDecimalString(amount, payment.asset.decimals)} ${payment.asset.symbol}`;

/** An underpaid transfer: it will be refunded; pay the full amount. */
export function underpaidError(payment: ConfirmedPayment, due: bigint): ApiError {
  return ApiError.of(
    'underpaid',
    { received: shown(payment.amount, payment), amount: shown(due, payment) },
    { param: 'txHash' },
  );
}

/** A second transfer for a payment already made: it will be refunded. */
export const paidAlready = () => ApiError.of('payment_already_made', {}, { param: 'txHash' });

/** A transfer for an intent the checkout's change replaced: recorded and refunded; pay the current total. */
export const paidReplacedIntent = () => ApiError.of('payment_for_replaced_intent', {});
