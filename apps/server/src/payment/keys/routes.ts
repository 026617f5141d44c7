import { apiKey, apiKeyCreate, listOf, listQuery } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiKeys } from '../../db/schema/index.js';
import { actorOf, type PaymentContext } from '../shared/context.js';
import { finishPage, pageOf } from '../shared/list.js';
import { defineRoute } from '../shared/route.js';
import { createKey, revoke, serializeKey } from './service.js';

const none = z.object({});

/** Secret key management for the admin UI (a signed-in owner or admin). */
export function keyRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const tag = 'API keys';
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api-keys',
    auth: 'admin',
    tag,
    summary: 'Create a secret key (the secret is shown once, in this answer)',
    body: apiKeyCreate,
    query: none,
    response: apiKey,
    handler: ({ body, caller }) => createKey(ctx.db, body.name, body.livemode, actorOf(caller)),
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api-keys',
    auth: 'admin',
    tag,
    summary: 'List secret keys of the mode chosen by `livemode`',
    body: none,
    query: listQuery,
    response: listOf(apiKey),
    handler: async ({ query, caller, request }) => {
      const page = await pageOf(ctx.db, apiKeys, apiKeys, caller.livemode, query);
      const rows = await ctx.db
        .select()
        .from(apiKeys)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return finishPage(rows, page, request.url.split('?')[0] ?? '', (r) => serializeKey(r));
    },
  });
  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api-keys/:id',
    auth: 'admin',
    tag,
    summary: 'Revoke a secret key',
    body: none,
    query: none,
    response: apiKey,
    handler: ({ params }) => revoke(ctx.db, params.id ?? ''),
  });
}
