import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { methodRails } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { listCurrencies, listMethods } from './repo.js';
import { serializeCurrency, serializeMethod } from './serialize.js';
import {
  changeCurrency,
  changeMethod,
  createCurrency,
  createMethod,
  requireCurrency,
  requireMethod,
} from './service.js';

export function methodRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  // A method's rail checks new settings before they are stored (a card provider tries the keys) and
  // seals the secrets in them.
  const rails = methodRails(ctx.services.rails, true);
  crudRoutes(app, ctx, {
    routes: merchantRoutes.paymentMethods,
    create: async (c, body) => serializeMethod(await createMethod(db, c.livemode, body, rails)),
    retrieve: async (c, id) => serializeMethod(await requireMethod(db, id, c.livemode)),
    update: async (c, id, body) => serializeMethod(await changeMethod(db, id, c.livemode, body, rails)),
    archive: async (c, id) =>
      serializeMethod(await changeMethod(db, id, c.livemode, { active: false }, rails)),
    list: async (c, q, url) => {
      const { rows, page } = await listMethods(db, c.livemode, q);
      return finishPage(rows, page, url, (r) => serializeMethod(r));
    },
  });
  crudRoutes(app, ctx, {
    routes: merchantRoutes.paymentCurrencies,
    create: async (c, body) => serializeCurrency(await createCurrency(db, c.livemode, body)),
    retrieve: async (c, id) => serializeCurrency(await requireCurrency(db, id, c.livemode)),
    update: async (c, id, body) => serializeCurrency(await changeCurrency(db, id, c.livemode, body)),
    archive: async (c, id) => serializeCurrency(await changeCurrency(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listCurrencies(db, c.livemode, q);
      return finishPage(rows, page, url, serializeCurrency);
    },
  });
}
