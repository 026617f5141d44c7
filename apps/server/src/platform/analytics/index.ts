import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { analyticsRoutes } from './routes.js';

/** Page-view and event beacons, counted per day without visitor data, and the owners' report. */
export function registerAnalytics(app: FastifyInstance, services: Services): void {
  analyticsRoutes(app, services);
}
