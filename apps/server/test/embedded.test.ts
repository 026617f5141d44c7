import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { serverEntry } from './support/server.js';

// The embedded database of `npm start`: a crashed server must not block the next start, and a second
// server must not take over the database of a live one.
const started: ChildProcess[] = [];
let dataDir: string;

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_CHAIN: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function ready(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('refuses a second server on a live data directory, and recovers after a crash', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-embedded-'));
    const portA = await freePort();
    const a = await start(portA);
    expect(await ready(portA, a.child)).toBe(true);

    const b = await start(await freePort());
    expect(await exited(b.child)).not.toBe(0);
    expect(b.output()).toMatch(/in use by a running server/);
    expect((await fetch(`http://127.0.0.1:${portA}/readyz`)).status).toBe(200);

    // A crash (no shutdown at all) leaves PostgreSQL running; the next start stops it and takes over.
    a.child.kill('SIGKILL');
    await exited(a.child);
    const portC = await freePort();
    const c = await start(portC);
    expect(await ready(portC, c.child)).toBe(true);
    expect(c.output()).toMatch(/left running by an earlier start/);
    // A graceful stop closes every database connection before PostgreSQL goes: exit 0 and no
    // connection killed by the shutdown ("terminating connection due to administrator command").
    // Several requests at once leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 12 }, () => fetch(`http://127.0.0.1:${portC}/readyz`)));
    c.child.kill('SIGTERM');
    expect(await exited(c.child)).toBe(0);
    expect(c.output()).not.toMatch(/terminating connection|connection failed|connection error/);
  }, 180_000);
});
