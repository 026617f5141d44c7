// Webhook endpoints, their delivery attempts and the events they carry; the contract is eventRoutes in
// @payshelf/api.
import { eventRoutes as routes } from '@payshelf/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { events, webhookAttempts, webhookEndpoints } from '../../db/schema/index.js';
import type { PaymentContext } from '../shared/context.js';
import { finishPage, pageOf } from '../shared/list.js';
import { serve } from '../shared/route.js';
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
  const liveInstall = ctx.services.config.PAYSHELF_LIVE;
  // The secret appears in the first answer only; a replay of the same Idempotency-Key omits it.
  serve(
    app,
    ctx,
    routes.createWebhookEndpoint,
    async ({ body, caller }) => createEndpoint(ctx.db, await box(), caller.livemode, body, liveInstall),
    { storedAnswer: withoutSecret },
  );
  serve(app, ctx, routes.webhookEndpoints, async ({ query, caller, request }) => {
    const page = await pageOf(ctx.db, webhookEndpoints, webhookEndpoints, caller.livemode, query);
    const rows = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return finishPage(rows, page, pathOf(request.url), (r) => serializeEndpoint(r));
  });
  serve(app, ctx, routes.webhookEndpoint, ({ params, caller }) =>
    retrieveEndpoint(ctx.db, params.id, caller.livemode),
  );
  serve(app, ctx, routes.updateWebhookEndpoint, ({ params, body, caller }) =>
    changeEndpoint(ctx.db, params.id, caller.livemode, body, liveInstall),
  );
  serve(app, ctx, routes.deleteWebhookEndpoint, ({ params, caller }) =>
    removeEndpoint(ctx.db, params.id, caller.livemode),
  );
  serve(app, ctx, routes.webhookAttempts, async ({ params, query, caller, request }) => {
    const endpoint = await getEndpoint(ctx.db, params.id, caller.livemode);
    if (!endpoint) throw ApiError.of('webhook_endpoint_missing', { id: params.id.slice(0, 100) });
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
  });
  serve(app, ctx, routes.events, async ({ query, caller, request }) => {
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
  });
  serve(app, ctx, routes.event, async ({ params, caller }) => {
    const row = await getEvent(ctx.db, params.id, caller.livemode);
    if (!row) throw ApiError.of('event_missing', { id: params.id.slice(0, 100) });
    return serializeEvent(row);
  });
}
