import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { navigationRoutes } from './routes.js';
import { seedNavigation } from './service.js';

/** Navigation and branding: seeds the default navigation on first start, then serves and edits it. */
export async function registerNavigation(app: FastifyInstance, services: Services): Promise<void> {
  await seedNavigation(services);
  navigationRoutes(app, services);
}
