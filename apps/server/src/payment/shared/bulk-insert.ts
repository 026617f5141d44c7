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
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  const used = columns.filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  // The database's casing is snake_case (column keys become snake_case names unless named explicitly).
  const sqlName = (column: Column) =>
    column.keyAsName ? column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : column.name;
  const names = used.map(([, column]) => `"${sqlName(column)}"`).join(', ');
  const name = getTableName(table);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = rows.slice(i, i + CHUNK).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of used) {
        const value = (row as Record<string, unknown>)[key];
        const json = column.columnType === 'PgJsonb' || column.columnType === 'PgJson';
        out[sqlName(column)] =
          value === undefined || value === null ? null : json ? value : column.mapToDriverValue(value);
      }
      return out;
    });
    const text = JSON.stringify(json, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    await db.execute(
      sql`insert into ${sql.raw(`"${name}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${sql.raw(`"${name}"`)}, ${text}::json)`,
    );
  }
}
