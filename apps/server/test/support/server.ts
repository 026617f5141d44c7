import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { createServer, type Server } from '../../src/app.js';
import { loadConfig } from '../../src/core/config.js';
import { createLogger } from '../../src/core/logger.js';
import { freePort } from '../../src/db/embedded.js';

export interface TestServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

async function baseEnv(databaseUrl: string, extra: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-test-data-'));
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PAYSHELF_CHECK_RESPONSES: '1',
    ...extra,
  };
}

/**
 * Starts the real server in this process on a free port against the given database, logging as in
 * production (to `logTo` when given, e.g. to read what the logs contain).
 */
export async function startTestServer(
  databaseUrl: string,
  extra: Record<string, string> = {},
  logTo?: DestinationStream,
): Promise<TestServer> {
  const env = await baseEnv(databaseUrl, { PORT: String(await freePort()), ...extra });
  const config = loadConfig(env);
  const server = await createServer(config, createLogger(config, logTo));
  const url = (await server.start()).replace('127.0.0.1', 'localhost');
  return { url, server, stop: () => server.stop() };
}

/** The built entry `npm start` runs (the test run's global setup builds it once with `tsc -b`). */
export const serverEntry = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts the server as a separate OS process (the same entry point `npm start` uses) and waits until ready. */
export async function startChildServer(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Promise<ChildServer> {
  // A restart on the same PORT keeps the address (and the browsers' cookies) valid.
  const port = Number(extra.PORT) || (await freePort());
  // A killed child's jobs are taken over after 5 s instead of production's 30 s, so crash tests wait
  // seconds, not half a minute, per kill (a test about the production limit passes its own value).
  const env = await baseEnv(databaseUrl, { JOB_TAKEOVER_AFTER_SECONDS: '5', ...extra, PORT: String(port) });
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://localhost:${port}`;
  // Starting means migrations and, on a loaded 2-core machine, many seconds of module loading.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
