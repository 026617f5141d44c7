import { checkoutRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { localizeText, requestLocale } from '../../core/http/error-locale.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { sessionForCaller } from './privacy.js';
import { sessionObject } from './serialize.js';
import { fastCheckoutConfirm, postTransaction } from '../flows/pay-checkout.js';
import { submitCheckoutFlow } from '../flows/submit-checkout.js';
import { payWithTestWallet } from '../flows/test-wallet-pay.js';

/** SPEC §7 submit calls. */
export function submitRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const r = checkoutRoutes;
  serve(app, ctx, r.submit, ({ caller, params, body }) =>
    submitCheckoutFlow(ctx, caller, params.id, body, false),
  );
  serve(app, ctx, r.donateSubmit, ({ caller, params, body }) =>
    submitCheckoutFlow(ctx, caller, params.id, body, true),
  );
  serve(app, ctx, r.sentTransaction, async ({ caller, params, body }) => {
    const row = await postTransaction(ctx, caller, params.id, body.txHash);
    return sessionForCaller(
      ctx.db,
      caller,
      row,
      await sessionObject({ db: ctx.db, base: caller.base, mount: ctx.mount }, row),
    );
  });
  serve(app, ctx, r.testWalletPay, async ({ caller, params }) => {
    const row = await payWithTestWallet(ctx, caller, params.id);
    return sessionForCaller(
      ctx.db,
      caller,
      row,
      await sessionObject({ db: ctx.db, base: caller.base, mount: ctx.mount }, row),
    );
  });
  // The refusal notice is shown to the customer as it is, so it follows the request's language.
  serve(app, ctx, r.fastConfirm, async ({ caller, params, body, request }) => {
    const answer = await fastCheckoutConfirm(ctx, caller, params.id, body.payer);
    if (!answer.message) return answer;
    return { ...answer, message: localizeText(requestLocale(request), answer.message) };
  });
}
