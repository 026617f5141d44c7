import type { FastifyRequest } from 'fastify';
import type { StoreContext } from './context.js';

/**
 * The store's public origin (scheme and host): PUBLIC_URL's when configured, else the request's own.
 * Absolute URLs handed to other programs (tarball links, the connect page) are built on it.
 */
export function publicOrigin(ctx: StoreContext, request: FastifyRequest): string {
  const configured = ctx.services.config.PUBLIC_URL;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}
