import type { ListQuery } from '@payshelf/api';
import { and, eq, inArray } from 'drizzle-orm';
import { paymentLinks } from '../../db/schema/index.js';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import type { DbLike as Db } from '../shared/db.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type LinkRow = typeof paymentLinks.$inferSelect;

/** By id in one mode, or (livemode null) in whichever mode it lives: links are opened by id alone. */
export async function getLink(db: Db, id: string, livemode: boolean | null): Promise<LinkRow | null> {
  const load = (ids: string[]) => db.select().from(paymentLinks).where(inArray(paymentLinks.id, ids));
  const cache = catalogCacheOf(db);
  const [row] = cache ? await cache.many(db, 'links', [id], (r: LinkRow) => r.id, load) : await load([id]);
  return row && (livemode === null || row.livemode === livemode) ? row : null;
}

export async function insertLink(db: Db, row: typeof paymentLinks.$inferInsert): Promise<LinkRow> {
  const [created] = await db.insert(paymentLinks).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateLink(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof paymentLinks.$inferInsert>,
): Promise<LinkRow | null> {
  const [row] = await db
    .update(paymentLinks)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function listLinks(
  db: Db,
  livemode: boolean,
  q: ListQuery,
): Promise<{ rows: LinkRow[]; page: Page }> {
  const page = await pageOf(db, paymentLinks, paymentLinks, livemode, q, [
    activeFilter(paymentLinks.active, q.active),
  ]);
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
