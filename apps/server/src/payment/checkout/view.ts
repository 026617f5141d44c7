import type { PaymentMethod } from '@payshelf/api';
import { getCustomerByDid } from '../customers/repo.js';
import { getIntent, serializeIntent } from '../intents/repo.js';
import { serializeCustomer } from '../customers/service.js';
import { getLink } from '../links/repo.js';
import { linkObject } from '../links/service.js';
import { activeMethodsWithCurrencies } from '../methods/repo.js';
import { serializeMethod } from '../methods/serialize.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { loadPrices, payableCurrencies } from './lines.js';
import { callersSessionCustomer, sessionForCaller } from './privacy.js';
import type { SessionRow } from './repo.js';
import { sessionObject } from './serialize.js';

/** Active methods of the session's mode, each with the currencies every line item can be paid in. */
async function methodsFor(ctx: PaymentContext, row: SessionRow): Promise<PaymentMethod[]> {
  const payable = payableCurrencies(row.lineItems, await loadPrices(ctx.db, row.lineItems, row.livemode));
  const methods = await activeMethodsWithCurrencies(ctx.db, row.livemode);
  return methods
    .map(({ method, currencies }) =>
      serializeMethod(
        method,
        currencies.filter((c) => !payable || payable.has(c.id)),
        true,
      ),
    )
    .filter((m) => (m.payment_currencies ?? []).length > 0);
}

/**
 * Answer of checkout-sessions/retrieve and /start: `{checkoutSession, paymentMethods, paymentLink?,
 * paymentIntent?, customer?}`. The customer is the session's (shown only to that customer), else the
 * signed-in user's in this mode; others see the session without personal data (checkout/privacy.ts).
 */
export async function checkoutView(ctx: PaymentContext, caller: Caller, row: SessionRow) {
  const { db } = ctx;
  const view = { db, base: caller.base, mount: ctx.mount };
  const link = row.paymentLinkId ? await getLink(db, row.paymentLinkId, row.livemode) : null;
  const customer = row.customerId
    ? await callersSessionCustomer(db, caller, row)
    : caller.did
      ? await getCustomerByDid(db, caller.did, row.livemode)
      : null;
  const intent = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  return {
    checkoutSession: await sessionForCaller(db, caller, row, await sessionObject(view, row)),
    paymentMethods: await methodsFor(ctx, row),
    ...(link ? { paymentLink: await linkObject(view, link) } : {}),
    ...(intent ? { paymentIntent: serializeIntent(intent) } : {}),
    ...(customer ? { customer: serializeCustomer(customer) } : {}),
  };
}
