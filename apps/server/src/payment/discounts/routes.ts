import { discountRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { getCoupon, listCoupons, listPromotionCodes, listTaxRates } from './repo.js';
import { serializeCoupon, serializePromotionCode, serializeTaxRate } from './serialize.js';
import {
  changeCoupon,
  changePromotionCode,
  changeTaxRate,
  createCoupon,
  createPromotionCode,
  createTaxRate,
  requireCoupon,
  requirePromotionCode,
  requireTaxRate,
} from './service.js';

/** The merchant's coupons, promotion codes and tax rates. */
export function discountMerchantRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  crudRoutes(app, ctx, {
    routes: discountRoutes.coupons,
    create: async (c, body) => serializeCoupon(await createCoupon(db, c.livemode, body)),
    retrieve: async (c, id) => serializeCoupon(await requireCoupon(db, id, c.livemode)),
    update: async (c, id, body) => serializeCoupon(await changeCoupon(db, id, c.livemode, body)),
    archive: async (c, id) => serializeCoupon(await changeCoupon(db, id, c.livemode, { valid: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listCoupons(db, c.livemode, q);
      return finishPage(rows, page, url, (r) => serializeCoupon(r));
    },
  });
  const withCoupon = async (row: Awaited<ReturnType<typeof requirePromotionCode>>) =>
    serializePromotionCode(row, (await getCoupon(db, row.couponId, row.livemode)) ?? undefined);
  crudRoutes(app, ctx, {
    routes: discountRoutes.promotionCodes,
    create: async (c, body) => withCoupon(await createPromotionCode(db, c.livemode, body)),
    retrieve: async (c, id) => withCoupon(await requirePromotionCode(db, id, c.livemode)),
    update: async (c, id, body) => withCoupon(await changePromotionCode(db, id, c.livemode, body)),
    archive: async (c, id) => withCoupon(await changePromotionCode(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listPromotionCodes(db, c.livemode, q);
      return finishPage(rows, page, url, (r) => serializePromotionCode(r));
    },
  });
  crudRoutes(app, ctx, {
    routes: discountRoutes.taxRates,
    create: async (c, body) => serializeTaxRate(await createTaxRate(db, c.livemode, body)),
    retrieve: async (c, id) => serializeTaxRate(await requireTaxRate(db, id, c.livemode)),
    update: async (c, id, body) => serializeTaxRate(await changeTaxRate(db, id, c.livemode, body)),
    archive: async (c, id) => serializeTaxRate(await changeTaxRate(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listTaxRates(db, c.livemode, q);
      return finishPage(rows, page, url, serializeTaxRate);
    },
  });
}
