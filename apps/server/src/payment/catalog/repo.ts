import type { ListQuery } from '@payshelf/api';
import { and, eq, inArray } from 'drizzle-orm';
import { prices, products } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;

export async function getProduct(db: Db, id: string, livemode: boolean): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function getProducts(db: Db, ids: string[], livemode: boolean): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), eq(products.livemode, livemode)));
}

export async function getPrice(db: Db, id: string, livemode: boolean): Promise<PriceRow | null> {
  const [row] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.id, id), eq(prices.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function getPrices(db: Db, ids: string[], livemode: boolean): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(prices)
    .where(and(inArray(prices.id, [...new Set(ids)]), eq(prices.livemode, livemode)));
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
  q: ListQuery & { product_id?: string; type?: string; currency_id?: string },
): Promise<{ rows: PriceRow[]; page: Page }> {
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
