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

/** Up to this many matches the public list counts exactly; past it the total reads "1,000+". */
export const COUNT_CAP = 1000;

/** The filter of the public list (null: nothing can match) and its relevance for `sort=relevance`. */
function publicFilter(query: BlockletListQuery): { condition: SQL | undefined; relevance: SQL | null } | null {
  const where: SQL[] = [LISTED];
  const terms = query.q ? searchTerms(query.q) : null;
  const tsq = terms?.tsquery ? sql`to_tsquery('simple', ${terms.tsquery})` : null;
  const fuzzy = terms && terms.fuzzy.length >= 3 ? terms.fuzzy : null;
  if (terms) {
    const matches: SQL[] = [];
    // Both branches are index conditions (GIN on the tsvector, GIN trigram on search_text), so the
    // planner combines them with a BitmapOr instead of scanning every listed application.
    if (tsq) matches.push(sql`${storeBlocklets.search} @@ ${tsq}`);
    if (fuzzy) matches.push(sql`${fuzzy} <% ${storeBlocklets.searchText}`);
    if (matches.length === 0) return null;
    where.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  if (query.category) {
    where.push(
      sql`${storeBlocklets.categoryId} IN (SELECT ${storeCategories.id} FROM ${storeCategories} WHERE ${storeCategories.name} = ${query.category})`,
    );
  }
  if (query.price === 'free') where.push(sql`${storeBlocklets.priceAmount} IS NULL`);
  if (query.price === 'paid') where.push(sql`${storeBlocklets.priceAmount} IS NOT NULL`);
  const relevance = terms
    ? sql`(${tsq ? sql`ts_rank(${storeBlocklets.search}, ${tsq})` : sql`0`} + ${
        fuzzy ? sql`word_similarity(${fuzzy}, ${storeBlocklets.searchText})` : sql`0`
      })`
    : null;
  return { condition: and(...where), relevance };
}

/** The page of the public list as a query (also what the bench EXPLAINs). */
export function publicPageQuery(db: DbLike, query: BlockletListQuery) {
  const filter = publicFilter(query) ?? { condition: sql`false`, relevance: null };
  const sort = query.sort ?? (filter.relevance ? 'relevance' : 'downloads');
  const order =
    sort === 'title'
      ? [asc(storeBlocklets.title)]
      : sort === 'updated'
        ? [desc(storeBlocklets.publishedAt)]
        : sort === 'relevance' && filter.relevance
          ? [desc(filter.relevance), desc(storeBlocklets.downloads)]
          : [desc(storeBlocklets.downloads)];
  return db
    .select()
    .from(storeBlocklets)
    .where(filter.condition)
    .orderBy(...order, asc(storeBlocklets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/**
 * The public list: full-text search (title > name and keywords > description, the last word as a
 * prefix, Chinese through bigrams) or, for typos, trigram word similarity on title and name; filtered
 * by category and free/paid; sorted by relevance (with a query), downloads, last update or title.
 * The total is exact up to `reach` = max(COUNT_CAP, the rows up to this page); past it `total` is
 * `reach` and `totalExact` false ("1,000+"): counting every match of a common word costs more than
 * the page itself, and `reach` always covers the current page so the next one stays reachable.
 */
export async function listPublic(
  db: DbLike,
  query: BlockletListQuery,
): Promise<{ rows: StoreBlockletRow[]; total: number; totalExact: boolean }> {
  const filter = publicFilter(query);
  if (!filter) return { rows: [], total: 0, totalExact: true };
  const rows = await publicPageQuery(db, query);
  const offset = (query.page - 1) * query.pageSize;
  // A short page tells the total without counting.
  if (rows.length < query.pageSize && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length, totalExact: true };
  const reach = Math.max(COUNT_CAP, query.page * query.pageSize);
  const capped = db
    .select({ one: sql`1` })
    .from(storeBlocklets)
    .where(filter.condition)
    .limit(reach + 1)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = count?.n ?? 0;
  return n > reach ? { rows, total: reach, totalExact: false } : { rows, total: n, totalExact: true };
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
