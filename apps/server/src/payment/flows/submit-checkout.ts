// Flow: submit a checkout form. Checkout does the submit (customer, stock hold, the one intent, where
// to pay); when nothing is due today this flow completes the session in submit's own transaction
// (invoice, subscriptions, stock, events: complete-checkout.ts), so the module never calls a flow.
import type { CheckoutSubmitAnswer, CheckoutSubmitBody } from '@payshelf/api';
import { submitCheckout } from '../checkout/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { completeWithoutPayment } from './complete-checkout.js';

export function submitCheckoutFlow(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  body: CheckoutSubmitBody,
  donate: boolean,
): Promise<CheckoutSubmitAnswer> {
  return submitCheckout(ctx, caller, id, body, donate, (tx, intentId) =>
    completeWithoutPayment(ctx, tx, intentId),
  );
}
