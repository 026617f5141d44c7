import { platformNotificationRoutes as r } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { platformMount, platformUser } from '../identity/index.js';
import { listFor, markReadFor, notify, unreadCountOf } from './service.js';

/**
 * The signed-in user's notifications under the user-service prefix (list with the centre's filters,
 * unread count, mark read), and owners' and admins' `POST /api/notifications` to notify any user.
 */
export function notificationRoutes(app: FastifyInstance, services: Services): void {
  const mount = platformMount(app, services.config.PAYSHELF_CHECK_RESPONSES);

  mount(r.list, async ({ caller, query }) => listFor(services, platformUser(caller).did, query));

  mount(r.unread, async ({ caller }) => ({
    unreadCount: await unreadCountOf(services, platformUser(caller).did),
  }));

  mount(r.read, async ({ caller, body }) =>
    markReadFor(services, platformUser(caller).did, body.ids ?? 'all'),
  );

  mount(r.create, async ({ body }) => notify(services, body));
}
