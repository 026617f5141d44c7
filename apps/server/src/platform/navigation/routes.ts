import { navigationConfig } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { parseWith } from '../../core/http/errors.js';
import { optionalUser, requireRole } from '../identity/index.js';
import { brandingAssetRoutes } from './branding.js';
import { GUEST_ROLE } from './filter.js';
import { brandingNow, navigationConfigNow, navigationForRoles, updateNavigation } from './service.js';

/**
 * `GET /api/navigation` (anyone: the items their roles may see, and branding), `GET /api/branding`,
 * and for owners and admins `GET /api/navigation/config` (stored, unfiltered) and `PUT /api/navigation`.
 */
export function navigationRoutes(app: FastifyInstance, services: Services): void {
  brandingAssetRoutes(app);

  app.get('/api/navigation', async (request, reply) => {
    const user = await optionalUser(request);
    const roles = user ? [user.role, ...user.passports.map((p) => p.role)] : [GUEST_ROLE];
    // Personal (role-filtered) and changeable by admins: never cached by shared caches.
    reply.header('cache-control', 'private, no-cache');
    return navigationForRoles(services, roles);
  });

  app.get('/api/branding', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return brandingNow(services);
  });

  app.get('/api/navigation/config', async (request) => {
    await requireRole(request, ['owner', 'admin']);
    return navigationConfigNow(services);
  });

  app.put('/api/navigation', async (request) => {
    const user = await requireRole(request, ['owner', 'admin']);
    const document = parseWith(navigationConfig, request.body, 'body');
    return updateNavigation(services, document, user.did);
  });
}
