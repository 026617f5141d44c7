import { checkoutRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { assertNotOthersSession, ownCustomer } from '../checkout/index.js';
import { assertOpen } from '../checkout/index.js';
import { readSession } from '../checkout/index.js';
import { type Rail, railProblem } from '../intents/index.js';
import { getMethod } from '../methods/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { createChallenge, proveChallenge } from './service.js';

/** The signed-in caller's own customer for an open session that is not someone else's, and the rail. */
async function proving(ctx: PaymentContext, caller: Caller, sessionId: string, methodId: string) {
  if (!caller.did) throw ApiError.of('unauthenticated', {});
  const row = await readSession(ctx.db, sessionId, null);
  assertOpen(row);
  await assertNotOthersSession(ctx.db, row, caller);
  const method = await getMethod(ctx.db, methodId, row.livemode);
  if (!method || !method.active) {
    throw ApiError.missing('payment_method_missing', methodId, 'payment_method');
  }
  let rail: Rail;
  try {
    rail = ctx.services.rails.forMethod(method);
  } catch (err) {
    throw railProblem(err, 'payment_method');
  }
  return { customer: await ownCustomer(ctx.db, caller.did, row.livemode), rail };
}

/** Proving that the signed-in customer controls the account fast pay would pull from. */
export function payerRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serve(app, ctx, checkoutRoutes.payerChallenge, async ({ caller, params, body }) => {
    const { customer, rail } = await proving(ctx, caller, params.id, body.payment_method);
    return createChallenge(ctx.db, {
      customerId: customer.id,
      rail,
      address: body.address,
      site: caller.base,
    });
  });
  serve(app, ctx, checkoutRoutes.payerProof, async ({ caller, params, body }) => {
    const { customer, rail } = await proving(ctx, caller, params.id, body.payment_method);
    return proveChallenge(ctx.db, {
      customerId: customer.id,
      rail,
      challengeId: body.challenge_id,
      signature: body.signature,
    });
  });
}
