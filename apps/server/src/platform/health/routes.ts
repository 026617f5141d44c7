import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';

export type LivenessProbe = () => { ok: boolean; reason?: string };

/**
 * `/healthz`: the process is up and its own parts run (503 while the embedded PostgreSQL is down and being
 * restarted). `/readyz`: the database answers and every migration is applied.
 */
export function healthRoutes(
  app: FastifyInstance,
  database: Database,
  live: LivenessProbe = () => ({ ok: true }),
): void {
  app.get('/healthz', async (_request, reply) => {
    const state = live();
    if (!state.ok) return reply.status(503).send({ status: 'unavailable', reason: state.reason });
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    const ready = await database.ready();
    if (!ready.ok) return reply.status(503).send({ status: 'unavailable', reason: ready.reason });
    return { status: 'ok' };
  });
}
