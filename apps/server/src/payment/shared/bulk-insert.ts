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

interface ColumnInfo {
  key: string;
  column: Column;
  /** The database name, and the same quoted for SQL. */
  name: string;
  quoted: string;
  json: boolean;
}

/** Each table's columns with their database names, worked out once per table (rows are mapped often). */
const columnInfo = new WeakMap<object, ColumnInfo[]>();

function columnsOf(table: PgTable): ColumnInfo[] {
  let info = columnInfo.get(table);
  if (!info) {
    info = (Object.entries(getTableColumns(table)) as Array<[string, Column]>).map(([key, column]) => ({
      key,
      column,
      name: sqlNameOf(column),
      quoted: `"${sqlNameOf(column)}"`,
      json: column.columnType === 'PgJsonb' || column.columnType === 'PgJson',
    }));
    columnInfo.set(table, info);
  }
  return info;
}

const bigintAsText = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** JSON text of `value`, bigints (in a JSON column) as decimal text: the replacer, which is slow, only then. */
function jsonWithBigints(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(value, bigintAsText);
  }
}

/**
 * `rows` as one JSON array text for json_populate_recordset over `table`, with the quoted column list
 * the rows name (columns no row names keep their defaults).
 */
export function recordsetOf<T extends PgTable>(
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): { names: string; json: string } {
  const used = columnsOf(table).filter((c) =>
    rows.some((r) => (r as Record<string, unknown>)[c.key] !== undefined),
  );
  const names = used.map((c) => c.quoted).join(', ');
  const out = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const c of used) {
      const value = (row as Record<string, unknown>)[c.key];
      if (value === undefined || value === null) record[c.name] = null;
      else if (c.json) record[c.name] = value;
      else {
        const driver: unknown = c.column.mapToDriverValue(value);
        record[c.name] = typeof driver === 'bigint' ? driver.toString() : driver;
      }
    }
    return record;
  });
  return { names, json: jsonWithBigints(out) };
}

/** Rows read by raw SQL (`select table.*`, database names) as drizzle rows of `table`. */
export function rowsOf<T extends PgTable>(
  table: T,
  raw: ReadonlyArray<Record<string, unknown>>,
): Array<T['$inferSelect']> {
  const columns = columnsOf(table);
  return raw.map((r) => {
    const row: Record<string, unknown> = {};
    for (const c of columns) {
      const value = r[c.name];
      row[c.key] = value === null || value === undefined ? null : c.column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
