import type { FastifyInstance } from 'fastify';
import type { OpenApiRegistry } from './registry.js';

/** GET `url`: the part's document, rendered once on first request (routes are fixed after start). */
export function serveOpenApi<A extends string>(
  app: FastifyInstance,
  url: string,
  registry: OpenApiRegistry<A>,
  info: () => { title: string; version: string },
): void {
  let cached: string | null = null;
  app.get(url, async (_request, reply) => {
    cached ??= JSON.stringify(registry.document(info()));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(cached);
  });
}
