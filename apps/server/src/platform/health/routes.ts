import { platformAssetRoutes as r } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { platformMount } from '../identity/index.js';

export type LivenessProbe = () => { ok: boolean; reason?: string };

/**
 * `/healthz`: the process is up and its own parts run (503 while the embedded PostgreSQL is down and being
 * restarted). `/readyz`: the database answers and every migration is applied.
 */
export function healthRoutes(
  app: FastifyInstance,
  database: Database,
  checkResponses: boolean,
  live: LivenessProbe = () => ({ ok: true }),
): void {
  const mount = platformMount(app, checkResponses);
  mount(r.healthz, async ({ reply }) => {
    const state = live();
    if (!state.ok) return reply.status(503).send({ status: 'unavailable', reason: state.reason });
    return { status: 'ok' as const };
  });
  mount(r.readyz, async ({ reply }) => {
    const ready = await database.ready();
    if (!ready.ok) return reply.status(503).send({ status: 'unavailable', reason: ready.reason });
    return { status: 'ok' as const };
  });
}
