// The only writer of payment intent status: every change goes through the state machine (machine.ts)
// and records its event in the same transaction. Amount, currency and method are set once, at creation.
import type { ConfirmedPayment } from './rail.js';
import { recordEvent } from '../shared/events.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { assertTransition, type IntentStatus } from './machine.js';
import { insertIntent, serializeIntent, updateIntent, type IntentInsert, type IntentRow } from './repo.js';

export interface NewIntent {
  livemode: boolean;
  amount: bigint;
  currencyId: string;
  paymentMethodId: string;
  customerId: string | null;
  checkoutSessionId?: string | null;
  description?: string | null;
}

/** A new intent waiting for the customer's transfer; its amount and currency never change afterwards. */
export async function createIntent(tx: DbLike, fields: NewIntent): Promise<IntentRow> {
  const intent = await insertIntent(tx, {
    id: newId('pi'),
    status: 'requires_action',
    lastPaymentError: null,
    ...fields,
  });
  await recordEvent(tx, 'payment_intent.created', serializeIntent(intent));
  return intent;
}

type Changes = Omit<Partial<IntentInsert>, 'status' | 'amount' | 'currencyId' | 'id' | 'livemode'>;

/** Moves a locked intent to `to` (checked against the machine), with other non-frozen fields. */
export async function transition(
  tx: DbLike,
  intent: IntentRow,
  to: IntentStatus,
  set: Changes = {},
): Promise<IntentRow> {
  assertTransition(intent.status, to);
  return updateIntent(tx, intent.id, { ...set, status: to });
}

/** A transfer is known for the intent (posted, broadcast or pulled): it is processing until the rail decides. */
export function startProcessing(
  tx: DbLike,
  intent: IntentRow,
  details: Record<string, unknown>,
): Promise<IntentRow> {
  return transition(tx, intent, 'processing', {
    paymentDetails: { ...(intent.paymentDetails ?? {}), ...details },
    lastPaymentError: null,
  });
}

export async function succeedIntent(
  tx: DbLike,
  intent: IntentRow,
  received: bigint,
  details: Record<string, unknown>,
): Promise<IntentRow> {
  const paid = await transition(tx, intent, 'succeeded', {
    amountReceived: received,
    paymentDetails: details,
    lastPaymentError: null,
  });
  await recordEvent(tx, 'payment_intent.succeeded', serializeIntent(paid));
  return paid;
}

/** The transfer was rejected: back to waiting for the customer, the reason in last_payment_error. */
export async function failIntent(
  tx: DbLike,
  intent: IntentRow,
  code: string,
  message: string,
): Promise<IntentRow> {
  const failed = await transition(tx, intent, 'requires_action', {
    lastPaymentError: { code, message, type: 'payment_error' },
  });
  await recordEvent(tx, 'payment_intent.payment_failed', serializeIntent(failed));
  return failed;
}

/** What is bought changed before any transfer: this intent ends; the next submit creates another. */
export async function cancelIntent(tx: DbLike, intent: IntentRow, reason: string): Promise<IntentRow> {
  const canceled = await transition(tx, intent, 'canceled', {
    lastPaymentError: null,
    paymentDetails: { ...(intent.paymentDetails ?? {}), cancellation_reason: reason },
  });
  await recordEvent(tx, 'payment_intent.canceled', serializeIntent(canceled));
  return canceled;
}

/** How a transfer owed back to its sender is listed on the intent (a late or an extra payment). */
function owedTransfer(payment: ConfirmedPayment, refundId: string): Record<string, string> {
  return {
    tx_hash: payment.txRef.toLowerCase(),
    network: payment.network,
    payer: payment.payer,
    amount: payment.amount.toString(),
    block_number: payment.blockNumber.toString(),
    refund_id: refundId,
  };
}

/** Lists `payment` under `list` of the intent's payment details, marks it `requires_refund`, records the event. */
async function noteOwedTransfer(
  tx: DbLike,
  intent: IntentRow,
  list: 'late_payments' | 'extra_payments',
  patch: Partial<Pick<IntentRow, 'amountReceived'>>,
  payment: ConfirmedPayment,
  refundId: string,
): Promise<IntentRow> {
  const details = intent.paymentDetails ?? {};
  const earlier = Array.isArray(details[list]) ? (details[list] as unknown[]) : [];
  const noted = await updateIntent(tx, intent.id, {
    ...patch,
    paymentDetails: {
      ...details,
      requires_refund: true,
      [list]: [...earlier, owedTransfer(payment, refundId)],
    },
  });
  await recordEvent(tx, 'payment_intent.requires_refund', serializeIntent(noted));
  return noted;
}

/**
 * A transfer arrived for an intent already canceled (its checkout changed after the wallet signed):
 * the intent stays canceled and completes nothing, but records what it received and that it needs a
 * refund (`payment_details.requires_refund`, the transfer listed in `late_payments`). Call once per
 * transfer, with the intent locked.
 */
export async function recordLatePayment(
  tx: DbLike,
  intent: IntentRow,
  payment: ConfirmedPayment,
  refundId: string,
): Promise<IntentRow> {
  if (intent.status !== 'canceled') throw new Error(`late payment to a ${intent.status} intent`);
  const received = { amountReceived: intent.amountReceived + payment.amount };
  return noteOwedTransfer(tx, intent, 'late_payments', received, payment, refundId);
}

/**
 * A second transfer arrived for an intent a first one already paid (intents/settle.ts): the intent
 * stays succeeded with what paid it (amount_received unchanged), and records the transfer it must
 * refund (`payment_details.requires_refund`, the transfer listed in `extra_payments`). Call once per
 * transfer, with the intent locked.
 */
export async function recordExtraPayment(
  tx: DbLike,
  intent: IntentRow,
  payment: ConfirmedPayment,
  refundId: string,
): Promise<IntentRow> {
  if (intent.status !== 'succeeded') throw new Error(`extra payment to a ${intent.status} intent`);
  return noteOwedTransfer(tx, intent, 'extra_payments', {}, payment, refundId);
}
