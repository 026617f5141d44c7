import {
  adjustQuantityBody,
  amountBody,
  browserQuery,
  checkoutSession,
  checkoutSessionView,
  crossSellBody,
  downsellBody,
  price,
  upsellBody,
} from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { getProduct } from '../catalog/index.js';
import { serializePrice } from '../catalog/index.js';
import { getCustomerByDid } from '../customers/index.js';
import { requireLink } from '../links/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { defineRoute, type Method } from '../shared/route.js';
import {
  addCrossSell,
  adjustQuantity,
  crossSellOffer,
  downsell,
  removeCrossSell,
  setAmount,
  upsell,
} from './changes.js';
import type { SessionRow } from './repo.js';
import { sessionForCaller } from './privacy.js';
import { sessionObject } from './serialize.js';
import { createFromLink, readSession } from './service.js';
import { checkoutView } from './view.js';

const none = z.object({});
const tag = 'Checkout (browser)';

/** SPEC §7 checkout calls. The session's own mode applies; `livemode`, `locale`, `authToken` are accepted. */
export function checkoutBrowserRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const show = async (c: Caller, row: SessionRow) =>
    sessionForCaller(db, c, row, await sessionObject({ db, base: c.base, mount: ctx.mount }, row));

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/checkout-sessions/retrieve/:id',
    auth: 'browser',
    tag,
    summary: 'The checkout page data of a session',
    body: none,
    query: browserQuery,
    response: checkoutSessionView,
    handler: async ({ caller, params }) =>
      checkoutView(ctx, caller, await readSession(db, params.id ?? '', null)),
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/checkout-sessions/start/:id',
    auth: 'browser',
    tag,
    summary: 'Start a checkout session from a payment link (plink_)',
    body: z.looseObject({}),
    query: browserQuery,
    response: checkoutSessionView,
    handler: async ({ caller, params }) => {
      const link = await requireLink(db, params.id ?? '', null);
      const customer = caller.did ? await getCustomerByDid(db, caller.did, link.livemode) : null;
      return checkoutView(ctx, caller, await createFromLink(db, link, customer?.id ?? null));
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/checkout-sessions/:id/cross-sell',
    auth: 'browser',
    tag,
    summary: 'The cross-sell price offered with this session, or an error field meaning none',
    body: none,
    query: browserQuery,
    response: z.union([
      price,
      z.object({ error: z.object({ type: z.string(), code: z.string(), message: z.string() }) }),
    ]),
    handler: async ({ params }) => {
      const row = await readSession(db, params.id ?? '', null);
      const offer = await crossSellOffer(db, row);
      if (!offer) {
        const none = new ApiError(
          'not_found_error',
          'CROSS_SELL_NOT_FOUND',
          'No cross-sell offer for this checkout',
        );
        return none.toJSON();
      }
      return serializePrice(offer, await getProduct(db, offer.productId, offer.livemode));
    },
  });

  const change = <B extends z.ZodType>(
    method: Method,
    path: string,
    summary: string,
    body: B,
    run: (id: string, body: z.infer<B>) => Promise<SessionRow>,
  ) =>
    defineRoute(app, ctx, {
      method,
      url: `/checkout-sessions/:id/${path}`,
      auth: 'browser',
      tag,
      summary: `${summary}; answers the updated session`,
      body,
      query: browserQuery,
      response: checkoutSession,
      handler: async ({ caller, params, body: input }) => show(caller, await run(params.id ?? '', input)),
    });

  change('PUT', 'upsell', 'Switch a line to its upsell price', upsellBody, (id, b) =>
    upsell(db, id, b.from, b.to),
  );
  change('PUT', 'downsell', 'Switch a line back from its upsell price', downsellBody, (id, b) =>
    downsell(db, id, b.from),
  );
  change('PUT', 'cross-sell', 'Add the offered cross-sell price', crossSellBody, (id, b) =>
    addCrossSell(db, id, b.to),
  );
  change('DELETE', 'cross-sell', 'Remove the cross-sell item', z.unknown(), (id) => removeCrossSell(db, id));
  change('PUT', 'adjust-quantity', 'Change the quantity of an adjustable line', adjustQuantityBody, (id, b) =>
    adjustQuantity(db, id, b.itemId, b.quantity),
  );
  change('PUT', 'amount', 'Set the pay-what-you-want amount (smallest unit)', amountBody, (id, b) =>
    setAmount(db, id, b.priceId, BigInt(b.amount), b.currency_id),
  );
}
