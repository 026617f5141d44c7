import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BlockletListQuery } from '@payshelf/api';
import {
  storeBlocklets,
  storeCategories,
  storeDownloadsDaily,
  storeReviewComments,
  storeVersions,
  users,
  type StoreBlockletRow,
  type StoreCategoryRow,
  type StoreVersionRow,
} from '../db/schema/index.js';
import type { DbLike } from './context.js';
import { searchTerms } from './search/tokens.js';

export type { StoreBlockletRow, StoreCategoryRow, StoreVersionRow };

/** An application with what its views show: owner name, category and current version. */
export interface BlockletView {
  row: StoreBlockletRow;
  ownerName: string;
  category: StoreCategoryRow | null;
  current: StoreVersionRow | null;
}

export async function findBlocklet(db: DbLike, did: string, lock = false): Promise<StoreBlockletRow | null> {
  const q = db.select().from(storeBlocklets).where(eq(storeBlocklets.did, did)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findBlockletByName(db: DbLike, name: string): Promise<StoreBlockletRow | null> {
  const [row] = await db.select().from(storeBlocklets).where(eq(storeBlocklets.name, name)).limit(1);
  return row ?? null;
}

export async function versionsOf(db: DbLike, blockletId: string): Promise<StoreVersionRow[]> {
  return db
    .select()
    .from(storeVersions)
    .where(eq(storeVersions.blockletId, blockletId))
    .orderBy(desc(storeVersions.createdAt));
}

export async function findVersion(
  db: DbLike,
  blockletId: string,
  version: string,
  lock = false,
): Promise<StoreVersionRow | null> {
  const q = db
    .select()
    .from(storeVersions)
    .where(and(eq(storeVersions.blockletId, blockletId), eq(storeVersions.version, version)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function versionById(db: DbLike, id: string | null): Promise<StoreVersionRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(storeVersions).where(eq(storeVersions.id, id)).limit(1);
  return row ?? null;
}

/** Views of `rows` in their order, with owners, categories and current versions loaded in three queries. */
export async function viewsOf(db: DbLike, rows: StoreBlockletRow[]): Promise<BlockletView[]> {
  if (rows.length === 0) return [];
  const owners = await db
    .select({ did: users.did, fullName: users.fullName })
    .from(users)
    .where(
      inArray(
        users.did,
        rows.map((r) => r.ownerDid),
      ),
    );
  const categoryIds = rows.map((r) => r.categoryId).filter((id): id is string => id !== null);
  const categories = categoryIds.length
    ? await db.select().from(storeCategories).where(inArray(storeCategories.id, categoryIds))
    : [];
  const currentIds = rows.map((r) => r.currentVersionId).filter((id): id is string => id !== null);
  const currents = currentIds.length
    ? await db.select().from(storeVersions).where(inArray(storeVersions.id, currentIds))
    : [];
  return rows.map((row) => ({
    row,
    ownerName: owners.find((o) => o.did === row.ownerDid)?.fullName ?? '',
    category: categories.find((c) => c.id === row.categoryId) ?? null,
    current: currents.find((v) => v.id === row.currentVersionId) ?? null,
  }));
}

/** Applications anyone may see: a published version, not blocked, public. */
export const LISTED = sql`${storeBlocklets.currentVersionId} IS NOT NULL AND ${storeBlocklets.status} = 'normal' AND ${storeBlocklets.permission} = 'public'`;

/**
 * The public list: full-text search (title > name and keywords > description, the last word as a
 * prefix, Chinese through bigrams) or, for typos, trigram word similarity on title and name; filtered
 * by category and free/paid; sorted by relevance (with a query), downloads, last update or title.
 */
export async function listPublic(
  db: DbLike,
  query: BlockletListQuery,
): Promise<{ rows: StoreBlockletRow[]; total: number }> {
  const where: SQL[] = [LISTED];
  const terms = query.q ? searchTerms(query.q) : null;
  const tsq = terms?.tsquery ? sql`to_tsquery('simple', ${terms.tsquery})` : null;
  if (terms) {
    const matches: SQL[] = [];
    if (tsq) matches.push(sql`${storeBlocklets.search} @@ ${tsq}`);
    if (terms.fuzzy.length >= 3) matches.push(sql`${terms.fuzzy} <% ${storeBlocklets.searchText}`);
    if (matches.length === 0) return { rows: [], total: 0 };
    where.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  if (query.category) {
    where.push(
      sql`${storeBlocklets.categoryId} IN (SELECT ${storeCategories.id} FROM ${storeCategories} WHERE ${storeCategories.name} = ${query.category})`,
    );
  }
  if (query.price === 'free') where.push(sql`${storeBlocklets.priceAmount} IS NULL`);
  if (query.price === 'paid') where.push(sql`${storeBlocklets.priceAmount} IS NOT NULL`);
  const condition = and(...where);
  const sort = query.sort ?? (terms ? 'relevance' : 'downloads');
  const relevance = sql`(${tsq ? sql`ts_rank(${storeBlocklets.search}, ${tsq})` : sql`0`} + ${
    terms && terms.fuzzy.length >= 3
      ? sql`word_similarity(${terms.fuzzy}, ${storeBlocklets.searchText})`
      : sql`0`
  })`;
  const order =
    sort === 'title'
      ? [asc(storeBlocklets.title)]
      : sort === 'updated'
        ? [desc(storeBlocklets.publishedAt)]
        : sort === 'relevance' && terms
          ? [desc(relevance), desc(storeBlocklets.downloads)]
          : [desc(storeBlocklets.downloads)];
  const rows = await db
    .select()
    .from(storeBlocklets)
    .where(condition)
    .orderBy(...order, asc(storeBlocklets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeBlocklets)
    .where(condition);
  return { rows, total: count?.n ?? 0 };
}

/** Counts one download: the application's total and today's (UTC) row. */
export async function countDownload(db: DbLike, blockletId: string): Promise<void> {
  await db
    .update(storeBlocklets)
    .set({ downloads: sql`${storeBlocklets.downloads} + 1` })
    .where(eq(storeBlocklets.id, blockletId));
  await db
    .insert(storeDownloadsDaily)
    .values({ blockletId, day: sql`(now() AT TIME ZONE 'UTC')::date`, count: 1 })
    .onConflictDoUpdate({
      target: [storeDownloadsDaily.blockletId, storeDownloadsDaily.day],
      set: { count: sql`${storeDownloadsDaily.count} + 1` },
    });
}

export async function commentsOf(db: DbLike, versionIds: string[]) {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(storeReviewComments)
    .where(inArray(storeReviewComments.versionId, versionIds))
    .orderBy(asc(storeReviewComments.createdAt), asc(storeReviewComments.id));
}

/** Downloads per UTC day over the last `days` days (days without downloads are left out). */
export async function downloadsByDay(db: DbLike, blockletId: string, days: number) {
  return db
    .select({ day: storeDownloadsDaily.day, count: storeDownloadsDaily.count })
    .from(storeDownloadsDaily)
    .where(
      and(
        eq(storeDownloadsDaily.blockletId, blockletId),
        sql`${storeDownloadsDaily.day} > (now() AT TIME ZONE 'UTC')::date - ${days}::int`,
      ),
    )
    .orderBy(asc(storeDownloadsDaily.day));
}
