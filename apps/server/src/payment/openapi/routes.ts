import type { FastifyInstance } from 'fastify';
import { serveOpenApi } from '../../core/http/openapi/index.js';
import type { PaymentContext } from '../shared/context.js';

/** GET {mount}/api/openapi.json: the payment part's document. */
export function openApiRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serveOpenApi(app, '/openapi.json', ctx.openapi, () => ({
    title: `${ctx.services.config.APP_NAME} payment API`,
    version: '1',
  }));
}
