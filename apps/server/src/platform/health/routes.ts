import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';

/** `/healthz`: the process is up. `/readyz`: the database answers and every migration is applied. */
export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await database.ready();
    if (!ready.ok) return reply.status(503).send({ status: 'unavailable', reason: ready.reason });
    return { status: 'ok' };
  });
}
