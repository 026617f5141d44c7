import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import * as schema from '../../../apps/server/src/db/schema/index.js';

/**
 * The e2e server's own database (its embedded PostgreSQL), for setting up what no API creates yet, as
 * the integration tests do. Call `end` when done.
 */
export function openDatabase() {
  const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  return { db: drizzle(pool, { schema, casing: 'snake_case' }), end: () => pool.end() };
}
