// The public list: browse (filters and a sort), or search. A search first matches words (the weighted
// full-text document on its GIN index: title > name and keywords > description, the last word as a
// prefix, Chinese through bigrams); only when no word matches does it fall back to typos (trigram word
// similarity on title and name, on the GIN trigram index). Totals are counted up to a cap.
import type { BlockletListQuery } from '@payshelf/api';
import { sql, type SQL } from 'drizzle-orm';
import { storeBlocklets } from '../../db/schema/index.js';
import type { DbLike } from '../context.js';
import { toView, viewSelect, type BlockletView } from '../repo.js';
import { baseCondition, matching, orderOf, TYPO_CANDIDATES, type ListMode } from './conditions.js';
import { searchPage } from './ranked.js';
import { searchTerms } from './tokens.js';

/** Up to this many matches the list counts exactly; past it the total reads "1,000+". */
export const COUNT_CAP = 1000;
export { TYPO_CANDIDATES };

export interface ListPage {
  rows: BlockletView[];
  /** Exact when `totalExact`, else a lower bound that reaches past the current page. */
  total: number;
  totalExact: boolean;
}

/** How many rows `mode` matches, counting at most `reach + 1` (a scalar subquery). */
function cappedCountSql(db: DbLike, query: BlockletListQuery, mode: ListMode, reach: number): SQL {
  const where = matching(db, baseCondition(query, query.category), mode);
  return sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${storeBlocklets} WHERE ${where} LIMIT ${reach + 1}) capped)`;
}

/**
 * One page of every listed application in the asked order, each with its view (owner, category,
 * current version) and the count of all up to `reach + 1` (`total`, the same on every row), in one
 * statement: the order reads an index (downloads, title, published) and stops at the page.
 */
function browseQuery(db: DbLike, query: BlockletListQuery, reach: number) {
  const mode: ListMode = { kind: 'browse' };
  return viewSelect(db, cappedCountSql(db, query, mode, reach))
    .where(baseCondition(query, query.category))
    .orderBy(...orderOf(query, mode))
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
async function counted(
  db: DbLike,
  query: BlockletListQuery,
  mode: ListMode,
  cap: number,
  values: { tsquery?: string; fuzzy?: string },
): Promise<ListPage> {
  const reach = Math.max(cap, query.page * query.pageSize);
  const joined =
    mode.kind === 'browse'
      ? await browseQuery(db, query, reach)
      : await searchPage(db, query, mode.kind, values);
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
  if (!terms) return counted(db, query, { kind: 'browse' }, COUNT_CAP, {});
  if (terms.tsquery) {
    const tsq = sql`to_tsquery('simple', ${terms.tsquery})`;
    const words = await counted(db, query, { kind: 'words', tsq }, COUNT_CAP, { tsquery: terms.tsquery });
    if (words.total > 0) return words;
  }
  if (terms.fuzzy.length < 3) return { rows: [], total: 0, totalExact: true };
  // Typos: at most TYPO_CANDIDATES match, so the count is always exact.
  const fuzzy = sql`${terms.fuzzy}`;
  const typo = await counted(db, query, { kind: 'typo', fuzzy }, TYPO_CANDIDATES, { fuzzy: terms.fuzzy });
  return { ...typo, totalExact: true };
}
