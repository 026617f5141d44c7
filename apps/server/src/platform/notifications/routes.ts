import {
  markReadBody,
  notificationCreate,
  notificationListQuery,
  NOTIFICATIONS_API_PATH,
} from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { parseWith } from '../../core/http/errors.js';
import { requireRole, requireUser } from '../identity/index.js';
import { listFor, markReadFor, notify, unreadCountOf } from './service.js';

/**
 * The signed-in user's notifications under the user-service prefix (list with the centre's filters,
 * unread count, mark read), and owners' and admins' `POST /api/notifications` to notify any user.
 */
export function notificationRoutes(app: FastifyInstance, services: Services): void {
  const path = NOTIFICATIONS_API_PATH;

  app.get(path, async (request) => {
    const user = await requireUser(request);
    return listFor(services, user.did, parseWith(notificationListQuery, request.query, 'query'));
  });

  app.get(`${path}/unread-count`, async (request) => {
    const user = await requireUser(request);
    return { unreadCount: await unreadCountOf(services, user.did) };
  });

  app.put(`${path}/read`, async (request) => {
    const user = await requireUser(request);
    const body = parseWith(markReadBody, request.body, 'body');
    return markReadFor(services, user.did, body.ids ?? 'all');
  });

  app.post('/api/notifications', async (request, reply) => {
    await requireRole(request, ['owner', 'admin']);
    const input = parseWith(notificationCreate, request.body, 'body');
    return reply.status(201).send(await notify(services, input));
  });
}
