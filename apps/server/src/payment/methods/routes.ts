import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
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

/** A method whose rail says it cannot work is refused with the rail's words (never saved, never offered). */
async function checkRail(
  ctx: PaymentContext,
  method: { type: string; livemode: boolean; settings: Record<string, unknown>; confirmation?: Confirmation },
): Promise<void> {
  const problem = await ctx.services.rails.checkMethod({
    id: 'pm_new',
    ...method,
    confirmation: method.confirmation ?? { type: 'block' },
  });
  if (problem) throw ApiError.badRequest('rail_misconfigured', problem, `settings.${method.type}`);
}

type Confirmation = { type: string; block?: number };

export function methodRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  crudRoutes(app, ctx, {
    routes: merchantRoutes.paymentMethods,
    create: async (c, body) => {
      await checkRail(ctx, { ...body, livemode: c.livemode });
      return serializeMethod(await createMethod(db, c.livemode, body));
    },
    retrieve: async (c, id) => serializeMethod(await requireMethod(db, id, c.livemode)),
    update: async (c, id, body) => {
      if (body.settings) {
        const existing = await requireMethod(db, id, c.livemode);
        const settings = { ...existing.settings, ...body.settings };
        await checkRail(ctx, {
          type: existing.type,
          livemode: c.livemode,
          settings,
          confirmation: existing.confirmation,
        });
      }
      return serializeMethod(await changeMethod(db, id, c.livemode, body));
    },
    archive: async (c, id) => serializeMethod(await changeMethod(db, id, c.livemode, { active: false })),
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
