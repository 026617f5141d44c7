import { checkoutRoutes, merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { getCustomer } from '../customers/index.js';
import { serializeCustomer } from '../customers/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { wantsExpand } from '../shared/expand.js';
import { finishPage } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { listSessions, updateSession, type SessionRow } from './repo.js';
import { sessionObject } from './serialize.js';
import { createSession, expireSession, readSession } from './service.js';

export function sessionRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  /** expand[]=customer embeds the customer. */
  const show = async (c: Caller, row: SessionRow) => {
    const session = await sessionObject({ db, base: c.base, mount: ctx.mount }, row);
    if (!wantsExpand(c.expand, 'customer') || !row.customerId) return session;
    const customer = await getCustomer(db, row.customerId, row.livemode);
    return { ...session, customer: customer ? serializeCustomer(customer) : null };
  };
  crudRoutes(app, ctx, {
    routes: merchantRoutes.checkoutSessions,
    create: async (c, body) => show(c, await createSession(db, c.livemode, body, c.idempotencyKey)),
    retrieve: async (c, id) => show(c, await readSession(db, id, c.livemode)),
    update: async (c, id, body) => {
      await readSession(db, id, c.livemode);
      return show(c, await updateSession(db, id, { metadata: body.metadata }));
    },
    list: async (c, q, url) => {
      const { rows, page } = await listSessions(db, c.livemode, q);
      const list = finishPage(rows, page, url, (r) => r);
      return { ...list, data: await Promise.all(list.data.map((r) => show(c, r))) };
    },
  });
  serve(app, ctx, checkoutRoutes.expire, async ({ caller, params }) => {
    const row = await readSession(db, params.id, caller.livemode);
    return show(caller, await expireSession(db, row, caller.idempotencyKey));
  });
}
