// A refund the merchant starts from the admin (or with a secret key): a full or partial refund of a
// succeeded payment, recorded `pending` and sent back to the payer by the rail's refund job. Together with
// the refunds already asked for (all but failed or canceled ones) it never exceeds what was received.
import type { z } from 'zod';
import type { refundCreate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import {
  createRefund as createIntentRefund,
  getIntent,
  refundableAmount,
  serializeRefund,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';

type RefundInput = z.infer<typeof refundCreate>;

/** What is left to refund: received minus every refund not failed or canceled. */
export function refundable(received: bigint, asked: bigint): bigint {
  return received > asked ? received - asked : 0n;
}

export async function createRefund(ctx: Pick<PaymentContext, 'db'>, livemode: boolean, input: RefundInput) {
  return ctx.db.transaction(async (tx) => {
    const intent = await getIntent(tx, input.payment_intent_id, true);
    if (!intent || intent.livemode !== livemode) {
      throw ApiError.missing('payment_intent_id_missing', input.payment_intent_id);
    }
    if (intent.status !== 'succeeded') {
      throw ApiError.of('refund_not_refundable', { status: intent.status }, { param: 'payment_intent_id' });
    }
    const payer = intent.paymentDetails?.payer;
    if (typeof payer !== 'string') throw ApiError.of('refund_no_payer', {}, { param: 'payment_intent_id' });
    const left = refundable(await refundableAmount(tx, intent), 0n);
    const amount = input.amount === undefined ? left : BigInt(input.amount);
    if (amount <= 0n || amount > left) {
      throw ApiError.of('refund_exceeds_refundable', { limit: left.toString() }, { param: 'amount' });
    }
    // Recorded `pending` with its send job in this transaction; the job commits the rail transfer
    // before broadcasting it (intents/refund-send.ts).
    const refund = await createIntentRefund(tx, intent, {
      amount,
      to: payer,
      reason: input.reason,
      metadata: { cause: 'merchant', ...(input.description ? { description: input.description } : {}) },
    });
    return serializeRefund(refund);
  });
}
