import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { notificationRoutes } from './routes.js';
import { mountUserSocket } from './socket.js';

export { notify, NOTIFICATION_CREATED, NOTIFICATION_READ } from './service.js';

/** Notifications: the user API, the owners' create endpoint and the user notifications websocket. */
export function registerNotifications(app: FastifyInstance, services: Services): void {
  notificationRoutes(app, services);
  mountUserSocket(app, services);
}
