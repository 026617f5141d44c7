import { customerBrowserRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { billingNow } from '../billing/index.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { getCustomerByDid, updateCustomer } from './repo.js';
import { serializeCustomer } from './service.js';

export function customerBrowserRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, routes.me, async ({ caller, query, request }) => {
    const user = await ctx.sessions.user(request);
    if (!user) throw ApiError.of('unauthenticated', {});
    const row = await getCustomerByDid(db, user.did, caller.livemode);
    if (row) {
      const skip = query.skipSummary === '1' || query.skipSummary === 'true';
      // Invoices arrive with billing; until then the summary per currency is empty. A customer on a
      // test clock lives at the clock's time (the portal counts "this year" from it).
      const clock = row.testClockId ? (await billingNow(db, row.testClockId)).toISOString() : null;
      return {
        ...serializeCustomer(row),
        clock_time: clock,
        ...(skip ? {} : { summary: { due: {}, paid: {}, refunded: {} } }),
      };
    }
    if (query.fallback === '1' || query.fallback === 'true') {
      return {
        object: 'customer' as const,
        id: null,
        livemode: caller.livemode,
        did: user.did,
        name: user.fullName,
        email: user.email,
        phone: null,
        address: null,
        metadata: {},
        fallback: true as const,
      };
    }
    throw ApiError.of('customer_missing', {});
  });
  serve(app, ctx, routes.syncToSpace, async ({ caller, request }) => {
    const user = await ctx.sessions.user(request);
    if (!user) throw ApiError.of('unauthenticated', {});
    if (!user.didSpace) {
      throw ApiError.of('did_space_required', {});
    }
    const row = await getCustomerByDid(db, user.did, caller.livemode);
    if (row) {
      const metadata = {
        ...row.metadata,
        did_space: { ...user.didSpace, synced_at: new Date().toISOString() },
      };
      await updateCustomer(db, row.id, row.livemode, { metadata });
    }
    return { synced: row !== null, endpoint: user.didSpace.endpoint, customer_id: row?.id ?? null };
  });
}
