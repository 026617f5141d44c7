import { defineConfig } from 'drizzle-kit';

// Migrations are generated offline from the schema and committed; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
