import { platformNavigationRoutes as r } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { optionalUser, platformMount, platformUser } from '../identity/index.js';
import { brandingAssetRoutes } from './branding.js';
import { GUEST_ROLE } from './filter.js';
import { brandingNow, navigationConfigNow, navigationForRoles, updateNavigation } from './service.js';

/**
 * `GET /api/navigation` (anyone: the items their roles may see, and branding), `GET /api/branding`,
 * and for owners and admins `GET /api/navigation/config` (stored, unfiltered) and `PUT /api/navigation`.
 */
export function navigationRoutes(app: FastifyInstance, services: Services): void {
  brandingAssetRoutes(app, services.config.PAYSHELF_CHECK_RESPONSES);
  const mount = platformMount(app, services.config.PAYSHELF_CHECK_RESPONSES);

  mount(r.navigation, async ({ request, reply }) => {
    const user = await optionalUser(request);
    const roles = user ? [user.role, ...user.passports.map((p) => p.role)] : [GUEST_ROLE];
    // Personal (role-filtered) and changeable by admins: never cached by shared caches.
    reply.header('cache-control', 'private, no-cache');
    return navigationForRoles(services, roles);
  });

  mount(r.branding, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return brandingNow(services);
  });

  mount(r.config, async () => navigationConfigNow(services));

  mount(r.update, async ({ caller, body }) => updateNavigation(services, body, platformUser(caller).did));
}
