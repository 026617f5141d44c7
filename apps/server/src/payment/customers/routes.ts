import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { listCustomers } from './repo.js';
import { changeCustomer, createCustomer, requireCustomer, serializeCustomer } from './service.js';

export function customerRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  crudRoutes(app, ctx, {
    routes: merchantRoutes.customers,
    create: async (c, body) => serializeCustomer(await createCustomer(db, c.livemode, body)),
    retrieve: async (c, id) => serializeCustomer(await requireCustomer(db, id, c.livemode)),
    update: async (c, id, body) => serializeCustomer(await changeCustomer(db, id, c.livemode, body)),
    archive: async (c, id) => serializeCustomer(await changeCustomer(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listCustomers(db, c.livemode, q);
      return finishPage(rows, page, url, serializeCustomer);
    },
  });
}
