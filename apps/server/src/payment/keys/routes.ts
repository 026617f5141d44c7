// Secret key management for the admin UI (a signed-in owner or admin); the contract is
// instanceRoutes in @payshelf/api.
import { instanceRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { apiKeys } from '../../db/schema/index.js';
import { actorOf, type PaymentContext } from '../shared/context.js';
import { finishPage, pageOf } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { createKey, revoke, serializeKey } from './service.js';

export function keyRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serve(app, ctx, routes.createApiKey, ({ body, caller }) =>
    createKey(ctx.db, body.name, body.livemode, actorOf(caller)),
  );
  serve(app, ctx, routes.apiKeys, async ({ query, caller, request }) => {
    const page = await pageOf(ctx.db, apiKeys, apiKeys, caller.livemode, query);
    const rows = await ctx.db
      .select()
      .from(apiKeys)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return finishPage(rows, page, request.url.split('?')[0] ?? '', (r) => serializeKey(r));
  });
  serve(app, ctx, routes.revokeApiKey, ({ params }) => revoke(ctx.db, params.id));
}
