import { checkoutRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { requireLink } from './service.js';

/** GET payment-links/{id}/benefits: who receives the payment, with shares; the app itself by default. */
export function linkBrowserRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serve(app, ctx, checkoutRoutes.benefits, async ({ params, caller }) => {
    const link = await requireLink(ctx.db, params.id, null);
    const listed = link.donationSettings?.beneficiaries ?? [];
    if (listed.length > 0) return listed;
    return [{ name: ctx.services.config.APP_NAME, url: caller.base, type: 'dapp' as const, percent: 100 }];
  });
}
