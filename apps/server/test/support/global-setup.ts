import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';

export const TEMPLATE_DB = 'payshelf_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to any database of the test cluster, with rights to create databases. */
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Once per test run: a PostgreSQL (the embedded one, or TEST_DATABASE_URL's server), and a template
 * database with every migration applied, which each test file clones in milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Child servers run the built entry (dist/main.js), as `npm start` does; an up-to-date build is a
  // no-op check of a few seconds.
  const root = path.resolve(import.meta.dirname, '../../../..');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, 0, log);
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  await applyMigrations(templateUrl, log);
  const pool = new pg.Pool({ connectionString: templateUrl });
  await runMigrations({ pgPool: pool });
  await pool.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DB);
  return async () => {
    if (embedded) await embedded.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
