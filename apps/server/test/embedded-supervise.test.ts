import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { serverEntry } from './support/server.js';
import { until } from './support/until.js';

// The embedded PostgreSQL dies (kill -9) under a running server. The server notices, answers /healthz 503
// while it restarts the database with backoff, and is ready again afterwards; when the database cannot
// come back, the server exits non-zero so a process supervisor restarts it (never 200 /healthz with a
// dead database).
const started: ChildProcess[] = [];
const dirs: string[] = [];

async function start(restarts: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-supervise-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_CHAIN: '0',
      LOG_LEVEL: 'info',
      EMBEDDED_PG_RESTARTS: String(restarts),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const status = (p: string) =>
    fetch(`${base}${p}`)
      .then((r) => r.status)
      .catch(() => 0);
  // Started: listening, job queue running (readyz answers a moment before the queue has started).
  await until('the server to start', () => (out.includes('Payshelf is running') ? true : undefined), 90_000);
  const postgresPid = () =>
    Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { child, dataDir, status, postgresPid, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL supervision', () => {
  it('restarts a killed PostgreSQL; /healthz is 503 meanwhile', async () => {
    const s = await start(5);
    const pid = s.postgresPid();
    process.kill(pid, 'SIGKILL');
    const codes = new Set<number>();
    await until(
      'ready again',
      async () => {
        const [health, ready] = [await s.status('/healthz'), await s.status('/readyz')];
        codes.add(health);
        if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.output().slice(-3000)}`);
        return ready === 200 && health === 200 && s.postgresPid() !== pid ? true : undefined;
      },
      60_000,
    );
    expect(codes.has(503), 'healthz reported the database down').toBe(true);
    expect(s.output()).toMatch(/embedded PostgreSQL restarted/);
    s.child.kill('SIGTERM');
    expect(await exited(s.child)).toBe(0);
  }, 180_000);

  it('exits non-zero when PostgreSQL cannot come back', async () => {
    const s = await start(2);
    // A data directory PostgreSQL no longer recognises: every restart fails.
    await rename(path.join(s.dataDir, 'postgres', 'PG_VERSION'), path.join(s.dataDir, 'PG_VERSION.moved'));
    process.kill(s.postgresPid(), 'SIGKILL');
    const code = await exited(s.child);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(s.output()).toMatch(/could not be restarted/);
  }, 180_000);
});
