// "Refund last payment", a merchant's subscription action: the subscription's latest succeeded payment
// (its first checkout payment, a renewal, or a batch paying its overdue invoices) is refunded for all
// that is left of it, to the account that paid, through the same refund service as POST /refunds.
import type { z } from 'zod';
import type { refundLastPaymentBody } from '@payshelf/api';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { invoices, paymentIntents } from '../../db/schema/index.js';
import { ApiError } from '../../core/http/errors.js';
import { getSubscription } from '../billing/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { createRefund } from './refund-create.js';

type RefundLastInput = z.infer<typeof refundLastPaymentBody>;

/**
 * The id of the newest succeeded payment intent of a subscription: one paying one of its invoices
 * (the intent names the invoice, or the invoice names the intent, as a batch payment does).
 */
export async function latestSucceededPayment(
  db: DbLike,
  livemode: boolean,
  subscriptionId: string,
): Promise<string | null> {
  const ofSubscription = and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.livemode, livemode));
  const invoiceIds = db.select({ id: invoices.id }).from(invoices).where(ofSubscription);
  const paidBy = db.select({ id: invoices.paymentIntentId }).from(invoices).where(ofSubscription);
  const [row] = await db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.livemode, livemode),
        eq(paymentIntents.status, 'succeeded'),
        or(inArray(paymentIntents.invoiceId, invoiceIds), inArray(paymentIntents.id, paidBy)),
      ),
    )
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(1);
  return row?.id ?? null;
}

export async function refundLastPayment(
  ctx: Pick<PaymentContext, 'db'>,
  livemode: boolean,
  subscriptionId: string,
  input: RefundLastInput,
) {
  const id = subscriptionId.slice(0, 100);
  const sub = await getSubscription(ctx.db, id, livemode);
  if (!sub) throw ApiError.of('subscription_missing', { id });
  const intentId = await latestSucceededPayment(ctx.db, livemode, sub.id);
  if (!intentId) throw ApiError.of('refund_no_subscription_payment', {});
  return createRefund(ctx, livemode, {
    payment_intent_id: intentId,
    reason: input.reason,
    ...(input.description ? { description: input.description } : {}),
  });
}
