import { browserQuery, customer } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import type { PaymentContext } from '../shared/context.js';
import { defineRoute } from '../shared/route.js';
import { getCustomerByDid, updateCustomer } from './repo.js';
import { serializeCustomer } from './service.js';

const tag = 'Customers (browser)';
const flag = z.enum(['0', '1', 'true', 'false']).optional();

/** What checkout prefill shows when the signed-in user has no customer yet (`fallback=1`). */
const fallbackCustomer = z.object({
  object: z.literal('customer'),
  id: z.null(),
  livemode: z.boolean(),
  did: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.null(),
  address: z.null(),
  metadata: z.object({}),
  fallback: z.literal(true),
});

export function customerBrowserRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/customers/me',
    auth: 'browser',
    tag,
    summary: 'The signed-in user’s customer in the mode (`skipSummary=1`, `fallback=1` for prefill)',
    body: z.object({}),
    query: browserQuery.extend({ skipSummary: flag, fallback: flag }),
    response: z.union([
      customer.extend({ summary: z.record(z.string(), z.unknown()).optional() }),
      fallbackCustomer,
    ]),
    handler: async ({ caller, query, request }) => {
      const user = await ctx.sessions.user(request);
      if (!user) throw ApiError.unauthenticated();
      const row = await getCustomerByDid(db, user.did, caller.livemode);
      if (row) {
        const skip = query.skipSummary === '1' || query.skipSummary === 'true';
        // Invoices arrive with billing; until then the summary per currency is empty.
        return {
          ...serializeCustomer(row),
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
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/customers/sync-to-space',
    auth: 'browser',
    tag,
    summary: 'Record that the signed-in user’s customer data is to be synced to their DID Space',
    body: z.unknown(),
    query: browserQuery,
    response: z.object({ synced: z.boolean(), endpoint: z.string(), customer_id: z.string().nullable() }),
    handler: async ({ caller, request }) => {
      const user = await ctx.sessions.user(request);
      if (!user) throw ApiError.unauthenticated();
      if (!user.didSpace) {
        throw ApiError.badRequest('did_space_required', 'Connect a DID Space first');
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
    },
  });
}
