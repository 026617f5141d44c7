import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { getClock } from '../billing/index.js';
import type { PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { listCustomers } from './repo.js';
import { changeCustomer, checkClock, createCustomer, requireCustomer, serializeCustomer } from './service.js';

export function customerRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  // Test clocks live in test mode only, so a clock of that id is one of this mode.
  const clockExists = async (id: string) => (await getClock(db, id)) !== null;
  crudRoutes(app, ctx, {
    routes: merchantRoutes.customers,
    create: async (c, body) => {
      await checkClock(body.test_clock, c.livemode, clockExists);
      return serializeCustomer(await createCustomer(db, c.livemode, body));
    },
    retrieve: async (c, id) => serializeCustomer(await requireCustomer(db, id, c.livemode)),
    update: async (c, id, body) => {
      await checkClock(body.test_clock, c.livemode, clockExists);
      return serializeCustomer(await changeCustomer(db, id, c.livemode, body));
    },
    archive: async (c, id) => serializeCustomer(await changeCustomer(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listCustomers(db, c.livemode, q);
      return finishPage(rows, page, url, serializeCustomer);
    },
  });
}
