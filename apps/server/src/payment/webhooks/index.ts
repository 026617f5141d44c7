// The webhooks module's public face: payment/index.ts registers its jobs and routes from here.
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { registerWebhookJobs } from './delivery.js';
import { secretBoxOf } from './keyring.js';
import { webhookRoutes } from './routes.js';

/** Defines the delivery jobs; answers the route registration to call inside the API scope. */
export function registerWebhooks(ctx: PaymentContext): (scope: FastifyInstance) => void {
  const box = () => secretBoxOf(ctx.services.config, ctx.services.log);
  registerWebhookJobs(ctx, box);
  return (scope) => webhookRoutes(scope, ctx, box);
}
export { serializeEvent } from './service.js';
