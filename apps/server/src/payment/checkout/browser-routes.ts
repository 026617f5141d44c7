import { checkoutRoutes, discountRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { getProduct } from '../catalog/index.js';
import { serializePrice } from '../catalog/index.js';
import { getCustomerByDid } from '../customers/index.js';
import { requireLink } from '../links/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
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
import { applyPromotionCode, removePromotionCode } from './promotion.js';
import { sessionForCaller } from './privacy.js';
import { sessionObject } from './serialize.js';
import { signedOutStartAnswer } from './start-answer.js';
import { createFromLink, readSession, readSessionForView } from './service.js';
import { checkoutView, checkoutViewAnswer } from './view.js';

/** SPEC §7 checkout calls. The session's own mode applies; `livemode`, `locale`, `authToken` are accepted. */
export function checkoutBrowserRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const show = async (c: Caller, row: SessionRow) =>
    sessionForCaller(db, c, row, await sessionObject({ db, base: c.base, mount: ctx.mount }, row));

  const r = checkoutRoutes;
  serve(app, ctx, r.retrieve, async ({ caller, params }) =>
    checkoutViewAnswer(ctx, caller, await readSessionForView(db, params.id)),
  );
  serve(app, ctx, r.start, async ({ caller, params }) => {
    const link = await requireLink(db, params.id, null);
    const customer = caller.did ? await getCustomerByDid(db, caller.did, link.livemode) : null;
    const row = await createFromLink(db, link, customer?.id ?? null);
    // Signed out, the answer is the session's own fields around the link's kept JSON (start-answer.ts).
    const kept = caller.did ? null : await signedOutStartAnswer(ctx, caller.base, link, row);
    return kept ?? checkoutView(ctx, caller, row);
  });
  serve(app, ctx, r.crossSellOffer, async ({ params }) => {
    const row = await readSession(db, params.id, null);
    const offer = await crossSellOffer(db, row);
    if (!offer) {
      const none = ApiError.of('cross_sell_none', {});
      return none.toJSON();
    }
    return serializePrice(offer, await getProduct(db, offer.productId, offer.livemode));
  });

  serve(app, ctx, discountRoutes.applyPromotionCode, async ({ caller, params, body }) =>
    show(caller, await applyPromotionCode(db, params.id, body.code)),
  );
  serve(app, ctx, discountRoutes.removePromotionCode, async ({ caller, params }) =>
    show(caller, await removePromotionCode(db, params.id)),
  );
  serve(app, ctx, r.upsell, async ({ caller, params, body }) =>
    show(caller, await upsell(db, params.id, body.from, body.to)),
  );
  serve(app, ctx, r.downsell, async ({ caller, params, body }) =>
    show(caller, await downsell(db, params.id, body.from)),
  );
  serve(app, ctx, r.addCrossSell, async ({ caller, params, body }) =>
    show(caller, await addCrossSell(db, params.id, body.to)),
  );
  serve(app, ctx, r.removeCrossSell, async ({ caller, params }) =>
    show(caller, await removeCrossSell(db, params.id)),
  );
  serve(app, ctx, r.adjustQuantity, async ({ caller, params, body }) =>
    show(caller, await adjustQuantity(db, params.id, body.itemId, body.quantity)),
  );
  serve(app, ctx, r.setAmount, async ({ caller, params, body }) =>
    show(caller, await setAmount(db, params.id, body.priceId, BigInt(body.amount), body.currency_id)),
  );
}
