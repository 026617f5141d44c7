import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from './repo.js';

/** `SELECT f($1, $2)` with values → a drizzle SQL object with the same text and bound parameters. */
export function toSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

/**
 * The realtime bus publishes through anything with pg's `query(text, values)`. A drizzle transaction
 * hides its pg client, so this runs the bus's statements through `execute` on the same transaction:
 * the message is then sent only if and when the caller's transaction commits. pg's `query` is heavily
 * overloaded; the bus only ever calls the `(text, values) => Promise<QueryResult>` form used here.
 */
export function busClientOf(db: DbOrTx): Pick<pg.PoolClient, 'query'> {
  const client = {
    query: (text: string, values: unknown[] = []) => db.execute(toSql(text, values)),
  };
  return client as unknown as Pick<pg.PoolClient, 'query'>;
}
