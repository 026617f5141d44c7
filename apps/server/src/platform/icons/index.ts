import type { FastifyInstance } from 'fastify';
import { iconRoutes } from './routes.js';

/** Icon data from bundled Iconify sets, so the header's icons need no outside network. */
export function registerIcons(app: FastifyInstance, checkResponses: boolean): void {
  iconRoutes(app, checkResponses);
}
