import type { PaymentMethod } from '@payshelf/api';
import { SerializedAnswer } from '../../core/http/serialized.js';
import { getCustomerByDid } from '../customers/index.js';
import { getIntent, serializeIntent } from '../intents/index.js';
import { serializeCustomer } from '../customers/index.js';
import { getLink } from '../links/index.js';
import { linkObject } from '../links/index.js';
import { activeMethodsWithCurrencies } from '../methods/index.js';
import { serializeMethod } from '../methods/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { loadPrices, payableCurrencies } from '../line-items/index.js';
import { callersSessionCustomer, sessionForCaller } from './privacy.js';
import type { SessionRow } from './repo.js';
import type { StoredLineItem } from '../../db/schema/index.js';
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
 * What a cached view of the session is kept under. Every session write goes through updateSession
 * (version + 1, updated_at); the other fields guard against a writer that forgets.
 */
function viewKey(base: string, row: SessionRow): string {
  return [
    row.id,
    row.version,
    row.updatedAt.getTime(),
    row.status,
    row.paymentStatus,
    row.paymentIntentId,
    row.currencyId,
    row.amountTotal,
    base,
  ].join(':');
}

/** What a line item is priced by (its price and upsell price): sessions alike in these share their parts. */
export const pricedKey = (item: StoredLineItem) => `${item.price_id}/${item.upsell_price_id ?? ''}`;

/**
 * The methods and the link object of a session. They depend on the catalog only, not on the session:
 * every session started from one link shares them (catalog cache, keyed by the line items' prices and by
 * the link's last update).
 */
export async function sharedParts(ctx: PaymentContext, base: string, row: SessionRow) {
  const { db } = ctx;
  const view = { db, base, mount: ctx.mount };
  const link = row.paymentLinkId ? await getLink(db, row.paymentLinkId, row.livemode) : null;
  const priced = row.lineItems.map(pricedKey).join(',');
  const methods = await ctx.catalog.one(db, 'checkout-methods', `${row.livemode}:${priced}`, () =>
    methodsFor(ctx, row),
  );
  const linkKey = link ? `${link.id}:${link.updatedAt.getTime()}:${base}` : '';
  return {
    methods,
    link: link ? await ctx.catalog.one(db, 'checkout-link', linkKey, () => linkObject(view, link)) : null,
  };
}

/**
 * The session, its methods and its link: built from the session row and the catalog only, so it is kept
 * in the catalog cache (cleared on any catalog change) under the row's version and last update.
 */
async function catalogPart(ctx: PaymentContext, base: string, row: SessionRow) {
  const { db } = ctx;
  const build = async () => {
    const { methods, link } = await sharedParts(ctx, base, row);
    return {
      checkoutSession: await sessionObject({ db, base, mount: ctx.mount }, row),
      paymentMethods: methods,
      ...(link ? { paymentLink: link } : {}),
    };
  };
  return ctx.catalog.one(db, 'checkout-view', viewKey(base, row), build);
}

/**
 * Answer of checkout-sessions/retrieve and /start: `{checkoutSession, paymentMethods, paymentLink?,
 * paymentIntent?, customer?}`. The customer is the session's (shown only to that customer), else the
 * signed-in user's in this mode; others see the session without personal data (checkout/privacy.ts).
 */
export async function checkoutView(ctx: PaymentContext, caller: Caller, row: SessionRow) {
  const { db } = ctx;
  const customer = row.customerId
    ? await callersSessionCustomer(db, caller, row)
    : caller.did
      ? await getCustomerByDid(db, caller.did, row.livemode)
      : null;
  const intent = row.paymentIntentId ? await getIntent(db, row.paymentIntentId) : null;
  const part = await catalogPart(ctx, caller.base, row);
  return {
    ...part,
    checkoutSession: await sessionForCaller(db, caller, row, part.checkoutSession),
    ...(intent ? { paymentIntent: serializeIntent(intent) } : {}),
    ...(customer ? { customer: serializeCustomer(customer) } : {}),
  };
}

/**
 * retrieve's answer. Signed out, for a session without a payment intent, the answer depends only on the
 * session row and the catalog (no customer, no personal data, no intent), so its JSON text is kept in the
 * catalog cache under the same key as the view (session version and last update, cleared on any catalog
 * change) and sent as is. A signed-in caller, or a session being paid, gets it built afresh.
 */
export async function checkoutViewAnswer(
  ctx: PaymentContext,
  caller: Caller,
  row: SessionRow,
): Promise<unknown> {
  if (caller.did || row.paymentIntentId) return checkoutView(ctx, caller, row);
  return ctx.catalog.one(
    ctx.db,
    'checkout-view-json',
    viewKey(caller.base, row),
    async () => new SerializedAnswer(JSON.stringify(await checkoutView(ctx, caller, row))),
  );
}
