// A search page as one prepared statement: rank the matches first (ids only, with the count of all of
// them as a window), then join the views (owner, category, current version) to the page's rows alone.
// Joining the views before ranking made PostgreSQL join every match (a common word's thousands) and
// hash the whole versions table; the ranked ids need only the search columns.
import type { BlockletListQuery } from '@payshelf/api';
import { eq, sql } from 'drizzle-orm';
import { storeBlocklets } from '../../db/schema/index.js';
import type { DbLike } from '../context.js';
import { viewSelect } from '../repo.js';
import { baseCondition, matching, orderOf, type ListMode } from './conditions.js';

type Kind = 'words' | 'typo';

/** The statement of one shape of search (mode, sort, filters), with placeholders for its values. */
function prepareSearch(
  db: DbLike,
  name: string,
  kind: Kind,
  shape: Pick<BlockletListQuery, 'sort' | 'price'>,
  withCategory: boolean,
) {
  const mode: ListMode =
    kind === 'words'
      ? { kind, tsq: sql`to_tsquery('simple', ${sql.placeholder('tsquery')})` }
      : { kind, fuzzy: sql`${sql.placeholder('fuzzy')}::text` };
  const base = baseCondition(shape, withCategory ? sql`${sql.placeholder('category')}` : undefined);
  const order = orderOf(shape, mode);
  const page = db
    .select({ id: storeBlocklets.id, total: sql<number>`count(*) OVER ()`.as('total') })
    .from(storeBlocklets)
    .where(matching(db, base, mode))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return viewSelect(db, sql`${page.total}`)
    .innerJoin(page, eq(page.id, storeBlocklets.id))
    .orderBy(...order)
    .prepare(name);
}

type Prepared = ReturnType<typeof prepareSearch>;
/** Each database handle's statements by shape (named prepared statements in PostgreSQL). */
const statements = new WeakMap<DbLike, Map<string, Prepared>>();
let named = 0;

/** A page of `kind`'s matches for `query`, each row with `total`: all matches, counted. */
export function searchPage(
  db: DbLike,
  query: BlockletListQuery,
  kind: Kind,
  values: { tsquery?: string; fuzzy?: string },
) {
  const shape = { sort: query.sort, price: query.price };
  const withCategory = query.category !== undefined;
  const key = `${kind}:${query.sort ?? ''}:${query.price ?? ''}:${withCategory}`;
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(key);
  if (!statement) {
    statement = prepareSearch(db, `store_search_${++named}`, kind, shape, withCategory);
    byShape.set(key, statement);
  }
  return statement.execute({
    tsquery: values.tsquery ?? '',
    fuzzy: values.fuzzy ?? '',
    category: query.category ?? '',
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}
