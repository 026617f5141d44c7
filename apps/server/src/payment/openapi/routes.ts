import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';

/** GET {mount}/api/openapi.json: rendered once on first request (routes are fixed after start). */
export function openApiRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  let cached: string | null = null;
  app.get('/openapi.json', async (_request, reply) => {
    cached ??= JSON.stringify(
      ctx.openapi.document({ title: `${ctx.services.config.APP_NAME} payment API`, version: '1' }),
    );
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(cached);
  });
}
