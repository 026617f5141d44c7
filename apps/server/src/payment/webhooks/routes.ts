import {
  eventListQuery,
  listOf,
  listQuery,
  paymentEvent,
  webhookAttempt,
  webhookAttemptListQuery,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointDeleted,
  webhookEndpointUpdate,
} from '@payshelf/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { events, webhookAttempts, webhookEndpoints } from '../../db/schema/index.js';
import type { PaymentContext } from '../shared/context.js';
import { finishPage, pageOf } from '../shared/list.js';
import { defineRoute } from '../shared/route.js';
import { getEndpoint, getEvent } from './repo.js';
import type { SecretBox } from './secret-box.js';
import {
  changeEndpoint,
  createEndpoint,
  removeEndpoint,
  retrieveEndpoint,
  serializeAttempt,
  serializeEndpoint,
  serializeEvent,
} from './service.js';

const none = z.object({});

function withoutSecret(answer: unknown): unknown {
  if (!answer || typeof answer !== 'object' || !('secret' in answer)) return answer;
  const { secret: _secret, ...rest } = answer as Record<string, unknown>;
  return rest;
}
const pathOf = (url: string) => url.split('?')[0] ?? '';

/** Webhook endpoints, their delivery attempts and the events they carry: merchant keys and the admin UI. */
export function webhookRoutes(
  app: FastifyInstance,
  ctx: PaymentContext,
  box: () => Promise<SecretBox>,
): void {
  const tag = 'Webhooks';
  const liveInstall = ctx.services.config.PAYSHELF_LIVE;
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/webhook-endpoints',
    auth: 'merchant',
    tag,
    summary: 'Create a webhook endpoint (its signing secret is shown once, in this answer)',
    body: webhookEndpointCreate,
    query: none,
    response: webhookEndpoint,
    handler: async ({ body, caller }) =>
      createEndpoint(ctx.db, await box(), caller.livemode, body, liveInstall),
    // The secret appears in the first answer only; a replay of the same Idempotency-Key omits it.
    storedAnswer: withoutSecret,
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/webhook-endpoints',
    auth: 'merchant',
    tag,
    summary: 'List webhook endpoints',
    body: none,
    query: listQuery,
    response: listOf(webhookEndpoint),
    handler: async ({ query, caller, request }) => {
      const page = await pageOf(ctx.db, webhookEndpoints, webhookEndpoints, caller.livemode, query);
      const rows = await ctx.db
        .select()
        .from(webhookEndpoints)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return finishPage(rows, page, pathOf(request.url), (r) => serializeEndpoint(r));
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/webhook-endpoints/:id',
    auth: 'merchant',
    tag,
    summary: 'Retrieve a webhook endpoint',
    body: none,
    query: none,
    response: webhookEndpoint,
    handler: ({ params, caller }) => retrieveEndpoint(ctx.db, params.id ?? '', caller.livemode),
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/webhook-endpoints/:id',
    auth: 'merchant',
    tag,
    summary: 'Update a webhook endpoint: URL, events, description, metadata, or enable/disable it',
    body: webhookEndpointUpdate,
    query: none,
    response: webhookEndpoint,
    handler: ({ params, body, caller }) =>
      changeEndpoint(ctx.db, params.id ?? '', caller.livemode, body, liveInstall),
  });
  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/webhook-endpoints/:id',
    auth: 'merchant',
    tag,
    summary: 'Delete a webhook endpoint (its pending retries stop)',
    body: none,
    query: none,
    response: webhookEndpointDeleted,
    handler: ({ params, caller }) => removeEndpoint(ctx.db, params.id ?? '', caller.livemode),
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/webhook-endpoints/:id/attempts',
    auth: 'merchant',
    tag,
    summary: 'List the delivery attempts of a webhook endpoint, newest first',
    body: none,
    query: webhookAttemptListQuery,
    response: listOf(webhookAttempt),
    handler: async ({ params, query, caller, request }) => {
      const endpoint = await getEndpoint(ctx.db, params.id ?? '', caller.livemode);
      if (!endpoint) throw ApiError.of('webhook_endpoint_missing', { id: (params.id ?? '').slice(0, 100) });
      const page = await pageOf(ctx.db, webhookAttempts, webhookAttempts, caller.livemode, query, [
        eq(webhookAttempts.endpointId, endpoint.id),
        query.event_id === undefined ? undefined : eq(webhookAttempts.eventId, query.event_id),
      ]);
      const rows = await ctx.db
        .select()
        .from(webhookAttempts)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return finishPage(rows, page, pathOf(request.url), serializeAttempt);
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/events',
    auth: 'merchant',
    tag,
    summary: 'List events, newest first (`type` keeps one type)',
    body: none,
    query: eventListQuery,
    response: listOf(paymentEvent),
    handler: async ({ query, caller, request }) => {
      const page = await pageOf(ctx.db, events, events, caller.livemode, query, [
        query.type === undefined ? undefined : eq(events.type, query.type),
      ]);
      const rows = await ctx.db
        .select()
        .from(events)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return finishPage(rows, page, pathOf(request.url), serializeEvent);
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/events/:id',
    auth: 'merchant',
    tag,
    summary: 'Retrieve an event',
    body: none,
    query: none,
    response: paymentEvent,
    handler: async ({ params, caller }) => {
      const row = await getEvent(ctx.db, params.id ?? '', caller.livemode);
      if (!row) throw ApiError.of('event_missing', { id: (params.id ?? '').slice(0, 100) });
      return serializeEvent(row);
    },
  });
}
