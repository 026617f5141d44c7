import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Caller, PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { listLinks } from './repo.js';
import { changeLink, createLink, linkObject, requireLink } from './service.js';

export function linkRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const view = (c: Caller) => ({ db, mount: ctx.mount, base: c.base });
  crudRoutes(app, ctx, {
    routes: merchantRoutes.paymentLinks,
    create: async (c, body) => linkObject(view(c), await createLink(db, c.livemode, body, c.idempotencyKey)),
    retrieve: async (c, id) => linkObject(view(c), await requireLink(db, id, c.livemode)),
    update: async (c, id, body) =>
      linkObject(view(c), await changeLink(db, id, c.livemode, body, c.idempotencyKey)),
    archive: async (c, id) =>
      linkObject(view(c), await changeLink(db, id, c.livemode, { active: false }, c.idempotencyKey)),
    list: async (c, q, url) => {
      const { rows, page } = await listLinks(db, c.livemode, q);
      const list = finishPage(rows, page, url, (r) => r);
      const v = view(c);
      return { ...list, data: await Promise.all(list.data.map((r) => linkObject(v, r))) };
    },
  });
}
