import type { ListQuery } from '@payshelf/api';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike as Db } from './db.js';

/** The columns every listable payment table has. */
export interface ListColumns {
  id: PgColumn;
  livemode: PgColumn;
  createdAt: PgColumn;
}

export interface Page {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  /** ending_before walks towards newer objects, so its rows come back oldest first and are reversed. */
  backwards: boolean;
}

export interface ListAnswer<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Cursor pagination, newest first, ordered by (created_at, id) so objects created in one transaction
 * still have a stable order. The cursor's position is read in SQL, so no timestamp leaves the database.
 */
export async function pageOf(
  db: Db,
  table: PgTable,
  cols: ListColumns,
  livemode: boolean,
  q: ListQuery,
  filters: Array<SQL | undefined> = [],
): Promise<Page> {
  if (q.starting_after && q.ending_before) {
    throw ApiError.of('list_two_cursors', {}, { param: 'ending_before' });
  }
  const cursor = q.starting_after ?? q.ending_before;
  const conditions: Array<SQL | undefined> = [eq(cols.livemode, livemode), ...filters];
  if (cursor) {
    const found = await db.execute(
      sql`SELECT 1 FROM ${table} WHERE "id" = ${cursor} AND "livemode" = ${livemode}`,
    );
    if (found.rows.length === 0) {
      throw ApiError.missing(
        'list_cursor_missing',
        cursor.slice(0, 100),
        q.starting_after ? 'starting_after' : 'ending_before',
      );
    }
    const position = sql`(SELECT "created_at", "id" FROM ${table} WHERE "id" = ${cursor})`;
    conditions.push(
      q.starting_after
        ? sql`(${cols.createdAt}, ${cols.id}) < ${position}`
        : sql`(${cols.createdAt}, ${cols.id}) > ${position}`,
    );
  }
  const backwards = Boolean(q.ending_before);
  const orderBy = backwards ? [asc(cols.createdAt), asc(cols.id)] : [desc(cols.createdAt), desc(cols.id)];
  return { where: and(...conditions) ?? sql`true`, orderBy, limit: q.limit + 1, backwards };
}

export function finishPage<R, T>(
  rows: R[],
  page: Page,
  url: string,
  serialize: (row: R) => T,
): ListAnswer<T> {
  const has_more = rows.length >= page.limit;
  const kept = rows.slice(0, page.limit - 1);
  if (page.backwards) kept.reverse();
  return { object: 'list', data: kept.map(serialize), has_more, url };
}

/** `active=true|false` filter of list queries. */
export function activeFilter(column: PgColumn, active: 'true' | 'false' | undefined): SQL | undefined {
  return active === undefined ? undefined : eq(column, active === 'true');
}
