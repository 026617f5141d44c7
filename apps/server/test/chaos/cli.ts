// `npm run chaos -- --runs 50 [--point <crash point>|random] [--path tx|fast|connect]` (or PAYSHELF_CRASH_AT=<point>): the crash
// harness of harness.ts against one anvil chain and a database per run, on DATABASE_URL's server when
// set (an account allowed to CREATE DATABASE), else on an embedded PostgreSQL in a temporary directory.
// Prints one line per run and `chaos: N runs, D double charges, S stuck`; exits 1 unless both are 0.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { startChain } from '../support/chain.js';
import { CRASH_POINTS, placedCrashPoints, plan, runOnce, summarize, type RunResult } from './harness.js';

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<number> {
  const runs = Number(arg('runs') ?? 10);
  const only = arg('point') ?? (process.env.PAYSHELF_CRASH_AT || undefined);
  // The harness sets the crash point per child server; this process must not pass its own on.
  delete process.env.PAYSHELF_CRASH_AT;
  let embedded: EmbeddedDatabase | null = null;
  let tmp: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'payshelf-chaos-pg-'));
    embedded = await startEmbeddedPostgres(tmp, 0, pino({ level: 'warn' }));
    adminUrl = embedded.url;
  }
  const admin = adminUrl;
  const database = async () => {
    const name = `chaos_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  };
  const chain = await startChain();
  const results: RunResult[] = [];
  try {
    const plans = plan(runs, only, arg('path'));
    for (const [i, p] of plans.entries()) {
      results.push(await runOnce({ chain, database, log: (l) => console.log(l) }, p, 1 + (i % 8)));
    }
  } finally {
    await chain.stop();
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
  const summary = summarize(results);
  const placed: string[] = placedCrashPoints();
  const unplaced = Object.keys(CRASH_POINTS).filter((p) => !placed.includes(p));
  console.log(`chaos: crash points exercised: ${summary.exercised.join(', ') || 'none'}`);
  if (unplaced.length > 0) console.log(`chaos: crash points not in the code yet: ${unplaced.join(', ')}`);
  if (summary.notReached.length > 0) {
    console.log(`chaos: crash points not reached (not placed in the code): ${summary.notReached.join(', ')}`);
  }
  console.log(summary.line);
  return summary.double === 0 && summary.stuck === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
