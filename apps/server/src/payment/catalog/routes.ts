import { merchantRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Caller, PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { wantsExpand } from '../shared/expand.js';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import { finishPage } from '../shared/list.js';
import { SerializedAnswer } from '../../core/http/serialized.js';
import { checkTaxRateIds } from '../discounts/index.js';
import { changePrice, createPrice, requirePrice } from './price-service.js';
import { changeProduct, createProduct, requireProduct } from './product-service.js';
import { getProducts, listPrices, listProducts, type PriceRow } from './repo.js';
import { serializePrice, serializeProduct } from './serialize.js';

export function catalogRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  crudRoutes(app, ctx, {
    routes: merchantRoutes.products,
    create: async (c, body) => serializeProduct(await createProduct(db, c.livemode, body)),
    retrieve: async (c, id) => serializeProduct(await requireProduct(db, id, c.livemode)),
    update: async (c, id, body) => serializeProduct(await changeProduct(db, id, c.livemode, body)),
    archive: async (c, id) => serializeProduct(await changeProduct(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const answer = async () => {
        const { rows, page } = await listProducts(db, c.livemode, q);
        return finishPage(rows, page, url, serializeProduct);
      };
      // A page without a cursor is kept serialised, once per catalog cache generation: a repeated call
      // sends the same bytes (no per-row serialising, no JSON.stringify).
      const cache = catalogCacheOf(db);
      if (!cache || q.starting_after || q.ending_before) return answer();
      return cache.one(db, `product-answer:${c.livemode}`, `${url} ${JSON.stringify(q)}`, async () =>
        SerializedAnswer.of(await answer()),
      );
    },
  });

  /** expand[]=product embeds the product (data.product on lists). */
  const withProducts = async (c: Caller, rows: PriceRow[]) => {
    const expand = wantsExpand(c.expand, 'product');
    const byId = new Map(
      expand
        ? (
            await getProducts(
              db,
              rows.map((r) => r.productId),
              c.livemode,
            )
          ).map((p) => [p.id, p])
        : [],
    );
    return rows.map((r) => serializePrice(r, byId.get(r.productId)));
  };
  const one = async (c: Caller, row: PriceRow) => (await withProducts(c, [row]))[0];

  crudRoutes(app, ctx, {
    routes: merchantRoutes.prices,
    create: async (c, body) => {
      // A price's tax rates must exist in its mode and be active.
      if (body.tax_rates) await checkTaxRateIds(db, body.tax_rates, c.livemode, 'tax_rates');
      return one(c, await createPrice(db, c.livemode, body));
    },
    retrieve: async (c, id) => one(c, await requirePrice(db, id, c.livemode)),
    update: async (c, id, body) => {
      if (body.tax_rates) await checkTaxRateIds(db, body.tax_rates, c.livemode, 'tax_rates');
      return one(c, await changePrice(db, id, c.livemode, body));
    },
    archive: async (c, id) => one(c, await changePrice(db, id, c.livemode, { active: false })),
    list: async (c, q, url) => {
      const { rows, page } = await listPrices(db, c.livemode, q);
      const list = finishPage(rows, page, url, (r) => r);
      return { ...list, data: await withProducts(c, list.data) };
    },
  });
}
