// What a store list or search matches and in which order: shared by the browse statement (list.ts)
// and the prepared search pages (ranked.ts).
import type { BlockletListQuery } from '@payshelf/api';
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import { storeBlocklets, storeCategories } from '../../db/schema/index.js';
import type { DbLike } from '../context.js';
import { LISTED } from '../repo.js';

/**
 * A typo search ranks at most this many candidates (the first the trigram index gives): ranking every
 * application that shares a common word's trigrams would cost a similarity per row.
 */
export const TYPO_CANDIDATES = 200;

/**
 * How the list matches: every listed application, words (`tsq`: a tsquery), or (none matching) typos
 * (`fuzzy`: the Latin text). The values are SQL so a prepared statement can hold placeholders.
 */
export type ListMode = { kind: 'browse' } | { kind: 'words'; tsq: SQL } | { kind: 'typo'; fuzzy: SQL };

/** The listed condition with the category and free/paid filters (`category`: the name, or SQL for it). */
export function baseCondition(
  query: Pick<BlockletListQuery, 'price'>,
  category: SQL | string | undefined,
): SQL {
  const where: SQL[] = [LISTED];
  if (category !== undefined) {
    where.push(
      sql`${storeBlocklets.categoryId} IN (SELECT ${storeCategories.id} FROM ${storeCategories} WHERE ${storeCategories.name} = ${category})`,
    );
  }
  if (query.price === 'free') where.push(sql`${storeBlocklets.priceAmount} IS NULL`);
  if (query.price === 'paid') where.push(sql`${storeBlocklets.priceAmount} IS NOT NULL`);
  return and(...where) ?? LISTED;
}

/** The rows `mode` matches under `base` (typos: the first TYPO_CANDIDATES the trigram index gives). */
export function matching(db: DbLike, base: SQL, mode: ListMode): SQL {
  if (mode.kind === 'browse') return base;
  if (mode.kind === 'words') return sql`${base} AND ${storeBlocklets.search} @@ ${mode.tsq}`;
  const candidates = db
    .select({ id: storeBlocklets.id })
    .from(storeBlocklets)
    .where(sql`${base} AND ${storeBlocklets.searchText} %> ${mode.fuzzy}`)
    .limit(TYPO_CANDIDATES);
  return inArray(storeBlocklets.id, candidates);
}

/** The order of `mode`'s page (relevance by default when searching), the id last. */
export function orderOf(query: Pick<BlockletListQuery, 'sort'>, mode: ListMode): SQL[] {
  const sort = query.sort ?? (mode.kind === 'browse' ? 'downloads' : 'relevance');
  const byId = asc(storeBlocklets.id);
  if (sort === 'title') return [sql`${storeBlocklets.title} ASC`, byId];
  if (sort === 'updated') return [sql`${storeBlocklets.publishedAt} DESC`, byId];
  if (sort === 'relevance' && mode.kind === 'words')
    return [
      sql`ts_rank(${storeBlocklets.search}, ${mode.tsq}) DESC`,
      sql`${storeBlocklets.downloads} DESC`,
      byId,
    ];
  if (sort === 'relevance' && mode.kind === 'typo')
    return [
      sql`word_similarity(${mode.fuzzy}, ${storeBlocklets.searchText}) DESC`,
      sql`${storeBlocklets.downloads} DESC`,
      byId,
    ];
  return [sql`${storeBlocklets.downloads} DESC`, byId];
}
