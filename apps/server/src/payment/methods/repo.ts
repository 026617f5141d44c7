import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ListQuery } from '@payshelf/api';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import type { DbLike as Db } from '../shared/db.js';
import { paymentCurrencies, paymentMethods } from '../../db/schema/index.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type MethodRow = typeof paymentMethods.$inferSelect;
export type CurrencyRow = typeof paymentCurrencies.$inferSelect;

/** Every payment method of both modes (few rows: an instance has a handful of methods). */
export async function allMethods(db: Db): Promise<MethodRow[]> {
  return db.select().from(paymentMethods);
}

export async function getMethod(db: Db, id: string, livemode: boolean): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

/** A currency by id in one mode (served from the catalog cache when `db` is the pool). */
export async function getCurrency(db: Db, id: string, livemode: boolean): Promise<CurrencyRow | null> {
  const load = (ids: string[]) =>
    db
      .select()
      .from(paymentCurrencies)
      .where(and(inArray(paymentCurrencies.id, ids), eq(paymentCurrencies.livemode, livemode)));
  const cache = catalogCacheOf(db);
  const key = (r: CurrencyRow) => r.id;
  const [row] = cache ? await cache.many(db, `currencies:${livemode}`, [id], key, load) : await load([id]);
  return row ?? null;
}

export async function insertMethod(db: Db, row: typeof paymentMethods.$inferInsert): Promise<MethodRow> {
  const [created] = await db.insert(paymentMethods).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function insertCurrency(
  db: Db,
  row: typeof paymentCurrencies.$inferInsert,
): Promise<CurrencyRow> {
  const [created] = await db.insert(paymentCurrencies).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateMethod(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof paymentMethods.$inferInsert>,
): Promise<MethodRow | null> {
  const [row] = await db
    .update(paymentMethods)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function updateCurrency(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof paymentCurrencies.$inferInsert>,
): Promise<CurrencyRow | null> {
  const [row] = await db
    .update(paymentCurrencies)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentCurrencies.id, id), eq(paymentCurrencies.livemode, livemode)))
    .returning();
  return row ?? null;
}

/** Only one base currency per mode: setting one clears the others. */
export async function clearBaseCurrency(db: Db, livemode: boolean): Promise<void> {
  await db
    .update(paymentCurrencies)
    .set({ isBaseCurrency: false })
    .where(and(eq(paymentCurrencies.livemode, livemode), eq(paymentCurrencies.isBaseCurrency, true)));
}

export async function listMethods(
  db: Db,
  livemode: boolean,
  q: ListQuery,
): Promise<{ rows: MethodRow[]; page: Page }> {
  const page = await pageOf(db, paymentMethods, paymentMethods, livemode, q, [
    activeFilter(paymentMethods.active, q.active),
  ]);
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export async function listCurrencies(
  db: Db,
  livemode: boolean,
  q: ListQuery & { payment_method_id?: string },
): Promise<{ rows: CurrencyRow[]; page: Page }> {
  const filters = [
    activeFilter(paymentCurrencies.active, q.active),
    q.payment_method_id ? eq(paymentCurrencies.paymentMethodId, q.payment_method_id) : undefined,
  ];
  const page = await pageOf(db, paymentCurrencies, paymentCurrencies, livemode, q, filters);
  const rows = await db
    .select()
    .from(paymentCurrencies)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export type ActiveMethods = Array<{ method: MethodRow; currencies: CurrencyRow[] }>;

/** Active methods of a mode with their active currencies, oldest first (the checkout's order). */
export async function activeMethodsWithCurrencies(db: Db, livemode: boolean): Promise<ActiveMethods> {
  const cache = catalogCacheOf(db);
  const load = () => loadActiveMethods(db, livemode);
  return cache ? cache.one(db, 'active-methods', String(livemode), load) : load();
}

async function loadActiveMethods(db: Db, livemode: boolean): Promise<ActiveMethods> {
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.livemode, livemode), eq(paymentMethods.active, true)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
  const currencies = await db
    .select()
    .from(paymentCurrencies)
    .where(and(eq(paymentCurrencies.livemode, livemode), eq(paymentCurrencies.active, true)))
    .orderBy(asc(paymentCurrencies.createdAt), asc(paymentCurrencies.id));
  return methods.map((method) => ({
    method,
    currencies: currencies.filter((c) => c.paymentMethodId === method.id),
  }));
}
