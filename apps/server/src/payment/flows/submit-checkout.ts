// Flow: submit a checkout form. Checkout does the submit (customer, stock hold, the one intent, where
// to pay); when nothing is due today this flow completes the session in submit's own transaction
// (invoice, subscriptions, stock, events: complete-checkout.ts), so the module never calls a flow.
import type { CheckoutSubmitAnswer, CheckoutSubmitBody } from '@payshelf/api';
import { submitCheckout } from '../checkout/index.js';
import { availableCredit } from '../credits/index.js';
import { topUpLinkFor } from '../links/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { completeWithoutPayment } from './complete-checkout.js';

export async function submitCheckoutFlow(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  body: CheckoutSubmitBody,
  donate: boolean,
): Promise<CheckoutSubmitAnswer> {
  const answer = await submitCheckout(ctx, caller, id, body, donate, (tx, intentId) =>
    completeWithoutPayment(ctx, tx, intentId),
  );
  // A checkout priced in a credit currency: whether the customer's usable grants cover the amount now
  // (then the page offers paying from credit, else the insufficient-credit dialog with a top-up).
  if (answer.creditSufficient === undefined) return answer;
  const session = answer.checkoutSession;
  const available = await availableCredit(ctx.db, {
    livemode: session.livemode,
    customerId: answer.customer.id,
    currencyId: answer.paymentIntent.currency_id,
    priceIds: session.line_items.map((l) => l.upsell_price_id ?? l.price_id),
  });
  const topUp = await topUpLinkFor(ctx.db, session.livemode, answer.paymentIntent.currency_id);
  return {
    ...answer,
    creditSufficient: available >= BigInt(answer.paymentIntent.amount),
    creditTopUp: topUp ? { payment_link_id: topUp } : null,
  };
}
