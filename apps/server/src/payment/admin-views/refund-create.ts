// A refund the merchant starts from the admin (or with a secret key): a full or partial refund of a
// succeeded payment, recorded `pending` for the payment's rail to send back to the payer. Together with
// the refunds already asked for (all but failed or canceled ones) it never exceeds what was received.
import type { z } from 'zod';
import type { refundCreate } from '@payshelf/api';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/index.js';
import { ApiError } from '../../core/http/errors.js';
import { getIntent, serializeRefund } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { recordEvent } from '../shared/events.js';
import { newId } from '../shared/ids.js';

type RefundInput = z.infer<typeof refundCreate>;

/** What is left to refund: received minus every refund not failed or canceled. */
export function refundable(received: bigint, asked: bigint): bigint {
  return received > asked ? received - asked : 0n;
}

export async function createRefund(ctx: Pick<PaymentContext, 'db'>, livemode: boolean, input: RefundInput) {
  return ctx.db.transaction(async (tx) => {
    const intent = await getIntent(tx, input.payment_intent_id, true);
    if (!intent || intent.livemode !== livemode) {
      throw ApiError.notFound(`No such payment intent: '${input.payment_intent_id.slice(0, 100)}'`);
    }
    if (intent.status !== 'succeeded') {
      throw ApiError.of('refund_not_refundable', { status: intent.status }, { param: 'payment_intent_id' });
    }
    const [row] = await tx
      .select({ asked: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.paymentIntentId, intent.id), notInArray(refunds.status, ['failed', 'canceled'])));
    const left = refundable(intent.amountReceived, BigInt(row?.asked ?? '0'));
    const amount = input.amount === undefined ? left : BigInt(input.amount);
    if (amount <= 0n || amount > left) {
      throw ApiError.of('refund_exceeds_refundable', { limit: left.toString() }, { param: 'amount' });
    }
    const payer = intent.paymentDetails?.payer;
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: newId('re'),
        livemode,
        status: 'pending',
        type: 'refund',
        reason: input.reason,
        amount,
        currencyId: intent.currencyId,
        paymentIntentId: intent.id,
        invoiceId: intent.invoiceId,
        customerId: intent.customerId,
        metadata: {
          cause: 'merchant',
          ...(typeof payer === 'string' ? { refund_to: payer } : {}),
          ...(input.description ? { description: input.description } : {}),
        },
      })
      .returning();
    if (!refund) throw new Error('refund insert failed');
    await recordEvent(tx, 'refund.created', serializeRefund(refund));
    return serializeRefund(refund);
  });
}
