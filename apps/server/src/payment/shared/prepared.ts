import type { DbLike } from './db.js';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement per database handle, built once: Drizzle skips building the SQL again and
 * PostgreSQL parses and plans it once per connection instead of on every call. `build` must always
 * produce the same SQL text for a given name.
 */
export function prepared<T>(db: DbLike, name: string, build: (db: DbLike, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
