// The public list: browse (filters and a sort), or search. A search first matches words (the weighted
// full-text document on its GIN index: title > name and keywords > description, the last word as a
// prefix, Chinese through bigrams); only when no word matches does it fall back to typos (trigram word
// similarity on title and name, on the GIN trigram index). Totals are counted up to a cap.
import type { BlockletListQuery } from '@payshelf/api';
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import { storeBlocklets, storeCategories } from '../../db/schema/index.js';
import type { DbLike } from '../context.js';
import { LISTED, toView, viewSelect, type BlockletView } from '../repo.js';
import { searchTerms } from './tokens.js';

/** Up to this many matches the list counts exactly; past it the total reads "1,000+". */
export const COUNT_CAP = 1000;
/**
 * A typo search ranks at most this many candidates (the first the trigram index gives): ranking every
 * application that shares a common word's trigrams would cost a similarity per row.
 */
export const TYPO_CANDIDATES = 200;

/** How the list matches: every listed application, words, or (none matching) typos. */
export type ListMode = { kind: 'browse' } | { kind: 'words'; tsq: SQL } | { kind: 'typo'; fuzzy: string };

export interface ListPage {
  rows: BlockletView[];
  /** Exact when `totalExact`, else a lower bound that reaches past the current page. */
  total: number;
  totalExact: boolean;
}

/** The listed condition with the category and free/paid filters. */
function baseCondition(query: BlockletListQuery): SQL {
  const where: SQL[] = [LISTED];
  if (query.category) {
    where.push(
      sql`${storeBlocklets.categoryId} IN (SELECT ${storeCategories.id} FROM ${storeCategories} WHERE ${storeCategories.name} = ${query.category})`,
    );
  }
  if (query.price === 'free') where.push(sql`${storeBlocklets.priceAmount} IS NULL`);
  if (query.price === 'paid') where.push(sql`${storeBlocklets.priceAmount} IS NOT NULL`);
  return and(...where) ?? LISTED;
}

/** The rows `mode` matches (typos: the first TYPO_CANDIDATES the trigram index gives). */
function matching(db: DbLike, query: BlockletListQuery, mode: ListMode): SQL {
  const base = baseCondition(query);
  if (mode.kind === 'browse') return base;
  if (mode.kind === 'words') return sql`${base} AND ${storeBlocklets.search} @@ ${mode.tsq}`;
  const candidates = db
    .select({ id: storeBlocklets.id })
    .from(storeBlocklets)
    .where(sql`${base} AND ${storeBlocklets.searchText} %> ${mode.fuzzy}`)
    .limit(TYPO_CANDIDATES);
  return inArray(storeBlocklets.id, candidates);
}

/** The order of `mode`'s page (relevance by default when searching). */
function orderOf(query: BlockletListQuery, mode: ListMode): SQL[] {
  const sort = query.sort ?? (mode.kind === 'browse' ? 'downloads' : 'relevance');
  if (sort === 'title') return [sql`${storeBlocklets.title} ASC`];
  if (sort === 'updated') return [sql`${storeBlocklets.publishedAt} DESC`];
  if (sort === 'relevance' && mode.kind === 'words')
    return [sql`ts_rank(${storeBlocklets.search}, ${mode.tsq}) DESC`, sql`${storeBlocklets.downloads} DESC`];
  if (sort === 'relevance' && mode.kind === 'typo')
    return [
      sql`word_similarity(${mode.fuzzy}, ${storeBlocklets.searchText}) DESC`,
      sql`${storeBlocklets.downloads} DESC`,
    ];
  return [sql`${storeBlocklets.downloads} DESC`];
}

/** How many rows `mode` matches, counting at most `reach + 1` (a scalar subquery). */
function cappedCountSql(db: DbLike, query: BlockletListQuery, mode: ListMode, reach: number): SQL {
  return sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${storeBlocklets} WHERE ${matching(db, query, mode)} LIMIT ${reach + 1}) capped)`;
}

/**
 * One page of `mode`'s matches in the asked order, each with its view (owner, category, current
 * version) and the count of all matches up to `reach + 1` (`total`, the same on every row), in one
 * statement.
 */
export function pageQuery(db: DbLike, query: BlockletListQuery, mode: ListMode, reach: number) {
  return viewSelect(db, cappedCountSql(db, query, mode, reach))
    .where(matching(db, query, mode))
    .orderBy(...orderOf(query, mode), asc(storeBlocklets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** How many rows `mode` matches, counting at most `reach + 1` (for a page past the last match). */
async function cappedCount(db: DbLike, query: BlockletListQuery, mode: ListMode, reach: number) {
  const result = await db.execute<{ n: number }>(sql`SELECT ${cappedCountSql(db, query, mode, reach)} AS n`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * A page of `mode` with its total, counted up to `reach` = max(`cap`, the rows up to this page) so the
 * next page always stays reachable: one statement, unless the page is empty past the first (then the
 * count alone tells how far the matches go).
 */
async function counted(db: DbLike, query: BlockletListQuery, mode: ListMode, cap: number): Promise<ListPage> {
  const reach = Math.max(cap, query.page * query.pageSize);
  const joined = await pageQuery(db, query, mode, reach);
  const rows = joined.map(toView);
  const offset = (query.page - 1) * query.pageSize;
  const n = joined[0]?.total ?? (offset === 0 ? 0 : await cappedCount(db, query, mode, reach));
  return n > reach ? { rows, total: reach, totalExact: false } : { rows, total: n, totalExact: true };
}

/**
 * The public list. Without a query: every listed application. With one: its word matches, or when
 * there are none (a typo), its trigram matches, ranked by similarity then downloads (a page past the
 * word matches stays empty rather than switching to typos).
 */
export async function listPublic(db: DbLike, query: BlockletListQuery): Promise<ListPage> {
  const terms = query.q ? searchTerms(query.q) : null;
  if (!terms) return counted(db, query, { kind: 'browse' }, COUNT_CAP);
  if (terms.tsquery) {
    const words = await counted(
      db,
      query,
      { kind: 'words', tsq: sql`to_tsquery('simple', ${terms.tsquery})` },
      COUNT_CAP,
    );
    if (words.total > 0) return words;
  }
  if (terms.fuzzy.length < 3) return { rows: [], total: 0, totalExact: true };
  // Typos: at most TYPO_CANDIDATES match, so the count is always exact.
  const typo = await counted(db, query, { kind: 'typo', fuzzy: terms.fuzzy }, TYPO_CANDIDATES);
  return { ...typo, totalExact: true };
}
