import type { ListQuery } from '@payshelf/api';
import { and, eq, inArray, or } from 'drizzle-orm';
import { prices, products } from '../../db/schema/index.js';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import type { DbLike as Db } from '../shared/db.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;

export async function getProduct(db: Db, id: string, livemode: boolean): Promise<ProductRow | null> {
  return (await getProducts(db, [id], livemode))[0] ?? null;
}

/** Products by id in one mode (served from the catalog cache when `db` is the pool). */
export async function getProducts(db: Db, ids: string[], livemode: boolean): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const load = (missing: string[]) =>
    db
      .select()
      .from(products)
      .where(and(inArray(products.id, missing), eq(products.livemode, livemode)));
  const cache = catalogCacheOf(db);
  if (!cache) return load([...new Set(ids)]);
  return cache.many(db, `products:${livemode}`, ids, (r: ProductRow) => r.id, load);
}

export async function getPrice(db: Db, id: string, livemode: boolean): Promise<PriceRow | null> {
  return (await getPrices(db, [id], livemode))[0] ?? null;
}

/** Prices by id in one mode (served from the catalog cache when `db` is the pool). */
export async function getPrices(db: Db, ids: string[], livemode: boolean): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  const load = (missing: string[]) =>
    db
      .select()
      .from(prices)
      .where(and(inArray(prices.id, missing), eq(prices.livemode, livemode)));
  const cache = catalogCacheOf(db);
  if (!cache) return load([...new Set(ids)]);
  return cache.many(db, `prices:${livemode}`, ids, (r: PriceRow) => r.id, load);
}

export async function insertProduct(db: Db, row: typeof products.$inferInsert): Promise<ProductRow> {
  const [created] = await db.insert(products).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function insertPrice(db: Db, row: typeof prices.$inferInsert): Promise<PriceRow> {
  const [created] = await db.insert(prices).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateProduct(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof products.$inferInsert>,
): Promise<ProductRow | null> {
  const [row] = await db
    .update(products)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function updatePrice(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof prices.$inferInsert>,
): Promise<PriceRow | null> {
  const [row] = await db
    .update(prices)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(prices.id, id), eq(prices.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function listProducts(
  db: Db,
  livemode: boolean,
  q: ListQuery & { type?: string },
): Promise<{ rows: ProductRow[]; page: Page }> {
  const cache = catalogCacheOf(db);
  const load = () => loadProductList(db, livemode, q);
  if (!cache || q.starting_after || q.ending_before) return load();
  return cache.one(db, `product-list:${livemode}`, JSON.stringify(q), load);
}

async function loadProductList(db: Db, livemode: boolean, q: ListQuery & { type?: string }) {
  const filters = [
    activeFilter(products.active, q.active),
    q.type === 'service' || q.type === 'good' || q.type === 'credit' ? eq(products.type, q.type) : undefined,
  ];
  const page = await pageOf(db, products, products, livemode, q, filters);
  const rows = await db
    .select()
    .from(products)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export async function listPrices(
  db: Db,
  livemode: boolean,
  q: PriceListQuery,
): Promise<{ rows: PriceRow[]; page: Page }> {
  const cache = catalogCacheOf(db);
  const load = () => loadPriceList(db, livemode, q);
  if (!cache || q.starting_after || q.ending_before) return load();
  return cache.one(db, `price-list:${livemode}`, JSON.stringify(q), load);
}

type PriceListQuery = ListQuery & { product_id?: string; type?: string; currency_id?: string };

async function loadPriceList(db: Db, livemode: boolean, q: PriceListQuery) {
  const filters = [
    activeFilter(prices.active, q.active),
    q.product_id ? eq(prices.productId, q.product_id) : undefined,
    q.currency_id ? eq(prices.currencyId, q.currency_id) : undefined,
    q.type === 'one_time' || q.type === 'recurring' ? eq(prices.type, q.type) : undefined,
  ];
  const page = await pageOf(db, prices, prices, livemode, q, filters);
  const rows = await db
    .select()
    .from(prices)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

/**
 * The prices a subscription of `productIds` may switch to: active recurring prices of those products
 * and those marked switchable, each with its product (the caller checks interval and currency).
 */
export async function switchCandidates(
  db: Db,
  livemode: boolean,
  productIds: readonly string[],
): Promise<Array<{ price: PriceRow; product: ProductRow }>> {
  const own = productIds.length > 0 ? inArray(prices.productId, [...productIds]) : undefined;
  return db
    .select({ price: prices, product: products })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(
      and(
        eq(prices.livemode, livemode),
        eq(prices.active, true),
        eq(prices.type, 'recurring'),
        eq(products.active, true),
        own ? or(own, eq(prices.switchable, true)) : eq(prices.switchable, true),
      ),
    )
    .orderBy(prices.createdAt, prices.id)
    .limit(200);
}
