import {
  browserQuery,
  checkoutSession,
  checkoutSubmitAnswer,
  checkoutSubmitBody,
  checkoutTxBody,
  fastCheckoutConfirmAnswer,
  fastCheckoutConfirmBody,
} from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { localizeText, requestLocale } from '../../core/http/error-locale.js';
import type { PaymentContext } from '../shared/context.js';
import { defineRoute } from '../shared/route.js';
import { sessionForCaller } from './privacy.js';
import { sessionObject } from './serialize.js';
import { fastCheckoutConfirm, postTransaction } from '../flows/pay-checkout.js';
import { submitCheckoutFlow } from '../flows/submit-checkout.js';

const tag = 'Checkout (browser)';

/** SPEC §7 submit calls. */
export function submitRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  for (const [path, donate] of [
    ['submit', false],
    ['donate-submit', true],
  ] as const) {
    defineRoute(app, ctx, {
      method: 'PUT',
      url: `/checkout-sessions/:id/${path}`,
      auth: 'browser',
      tag,
      summary: donate
        ? 'Submit a donation form (no sign-in needed); answers where to pay'
        : 'Submit the checkout form: the one payment intent, where to pay and fast-pay standing',
      body: checkoutSubmitBody,
      query: browserQuery,
      response: checkoutSubmitAnswer,
      handler: ({ caller, params, body }) => submitCheckoutFlow(ctx, caller, params.id ?? '', body, donate),
    });
  }
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/checkout-sessions/:id/tx',
    auth: 'browser',
    tag,
    summary: 'The transaction the browser wallet sent; verified, then watched until confirmed',
    body: checkoutTxBody,
    query: browserQuery,
    response: checkoutSession,
    handler: async ({ caller, params, body }) => {
      const row = await postTransaction(ctx, caller, params.id ?? '', body.txHash);
      return sessionForCaller(
        ctx.db,
        caller,
        row,
        await sessionObject({ db: ctx.db, base: caller.base, mount: ctx.mount }, row),
      );
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/checkout-sessions/:id/fast-checkout-confirm',
    auth: 'browser',
    tag,
    summary: 'Fast pay: charge the allowance the payer granted',
    body: fastCheckoutConfirmBody,
    query: browserQuery,
    response: fastCheckoutConfirmAnswer,
    // The refusal notice is shown to the customer as it is, so it follows the request's language.
    handler: async ({ caller, params, body, request }) => {
      const answer = await fastCheckoutConfirm(ctx, caller, params.id ?? '', body.payer);
      if (!answer.message) return answer;
      return { ...answer, message: localizeText(requestLocale(request), answer.message) };
    },
  });
}
