// The public list: browse (filters and a sort), or search. A search first matches words (the weighted
// full-text document on its GIN index: title > name and keywords > description, the last word as a
// prefix, Chinese through bigrams); only when no word matches does it fall back to typos (trigram word
// similarity on title and name, on the GIN trigram index). Totals are counted up to a cap.
import type { BlockletListQuery } from '@payshelf/api';
import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { storeBlocklets, storeCategories } from '../../db/schema/index.js';
import type { DbLike } from '../context.js';
import { LISTED, type StoreBlockletRow } from '../repo.js';
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
  rows: StoreBlockletRow[];
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

/** One page of `mode`'s matches in the asked order (relevance by default when searching). */
export function pageQuery(db: DbLike, query: BlockletListQuery, mode: ListMode, extra = 0) {
  const sort = query.sort ?? (mode.kind === 'browse' ? 'downloads' : 'relevance');
  const order =
    sort === 'title'
      ? [asc(storeBlocklets.title)]
      : sort === 'updated'
        ? [desc(storeBlocklets.publishedAt)]
        : sort === 'relevance' && mode.kind === 'words'
          ? [desc(sql`ts_rank(${storeBlocklets.search}, ${mode.tsq})`), desc(storeBlocklets.downloads)]
          : sort === 'relevance' && mode.kind === 'typo'
            ? [
                desc(sql`word_similarity(${mode.fuzzy}, ${storeBlocklets.searchText})`),
                desc(storeBlocklets.downloads),
              ]
            : [desc(storeBlocklets.downloads)];
  return db
    .select()
    .from(storeBlocklets)
    .where(matching(db, query, mode))
    .orderBy(...order, asc(storeBlocklets.id))
    .limit(query.pageSize + extra)
    .offset((query.page - 1) * query.pageSize);
}

/** How many rows `mode` matches, counting at most `reach + 1`. */
async function cappedCount(db: DbLike, query: BlockletListQuery, mode: ListMode, reach: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(storeBlocklets)
    .where(matching(db, query, mode))
    .limit(reach + 1)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return count?.n ?? 0;
}

/**
 * A page of `mode` with its total: a short page tells it without counting; otherwise it is counted
 * up to `reach` = max(COUNT_CAP, the rows up to this page), so the next page always stays reachable.
 */
async function counted(db: DbLike, query: BlockletListQuery, mode: ListMode): Promise<ListPage> {
  const rows = await pageQuery(db, query, mode);
  const offset = (query.page - 1) * query.pageSize;
  if (rows.length < query.pageSize && rows.length > 0)
    return { rows, total: offset + rows.length, totalExact: true };
  const reach = Math.max(COUNT_CAP, query.page * query.pageSize);
  const n = rows.length === 0 && offset === 0 ? 0 : await cappedCount(db, query, mode, reach);
  return n > reach ? { rows, total: reach, totalExact: false } : { rows, total: n, totalExact: true };
}

/**
 * The public list. Without a query: every listed application. With one: its word matches, or when
 * there are none (a typo), its trigram matches, ranked by similarity then downloads (a page past the
 * word matches stays empty rather than switching to typos).
 */
export async function listPublic(db: DbLike, query: BlockletListQuery): Promise<ListPage> {
  const terms = query.q ? searchTerms(query.q) : null;
  if (!terms) return counted(db, query, { kind: 'browse' });
  if (terms.tsquery) {
    const words = await counted(db, query, {
      kind: 'words',
      tsq: sql`to_tsquery('simple', ${terms.tsquery})`,
    });
    if (words.total > 0) return words;
  }
  if (terms.fuzzy.length < 3) return { rows: [], total: 0, totalExact: true };
  const typo: ListMode = { kind: 'typo', fuzzy: terms.fuzzy };
  const rows = await pageQuery(db, query, typo);
  const offset = (query.page - 1) * query.pageSize;
  if (rows.length < query.pageSize && rows.length > 0)
    return { rows, total: offset + rows.length, totalExact: true };
  return { rows, total: await cappedCount(db, query, typo, TYPO_CANDIDATES), totalExact: true };
}
