// Many rows of one table in one INSERT with a single parameter: the rows travel as one JSON array
// read by json_populate_recordset (PostgreSQL parses one value instead of thousands of parameters,
// which is what makes a 500-row batch cheap). Columns no row names keep their defaults.
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbLike } from './db.js';

const CHUNK = 2000;

/** Inserts `rows` (drizzle insert values, without SQL expressions) into `table`. */
export async function insertMany<T extends PgTable>(
  db: DbLike,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  if (rows.length === 0) return;
  const name = getTableName(table);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const { names, json } = recordsetOf(table, rows.slice(i, i + CHUNK));
    await db.execute(
      sql`insert into ${sql.raw(`"${name}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${sql.raw(`"${name}"`)}, ${json}::json)`,
    );
  }
}

/** The database's name of a column (snake_case unless named explicitly). */
export const sqlNameOf = (column: Column) =>
  column.keyAsName ? column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : column.name;

/**
 * `rows` as one JSON array text for json_populate_recordset over `table`, with the quoted column list
 * the rows name (columns no row names keep their defaults).
 */
export function recordsetOf<T extends PgTable>(
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): { names: string; json: string } {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  const used = columns
    .filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined))
    .map(([key, column]) => ({
      key,
      name: sqlNameOf(column),
      column,
      json: column.columnType === 'PgJsonb' || column.columnType === 'PgJson',
    }));
  const names = used.map((c) => `"${c.name}"`).join(', ');
  const out = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const c of used) {
      const value = (row as Record<string, unknown>)[c.key];
      record[c.name] =
        value === undefined || value === null
          ? null
          : c.json
            ? value
            : typeof value === 'bigint'
              ? value.toString()
              : c.column.mapToDriverValue(value);
    }
    return record;
  });
  // Top-level amounts are strings by now; only jsonb values may still hold a bigint somewhere.
  const json = used.some((c) => c.json)
    ? JSON.stringify(out, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
    : JSON.stringify(out);
  return { names, json };
}

/** Rows read by raw SQL (`select table.*`, database names) as drizzle rows of `table`. */
export function rowsOf<T extends PgTable>(
  table: T,
  raw: ReadonlyArray<Record<string, unknown>>,
): Array<T['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  return raw.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = r[sqlNameOf(column)];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
