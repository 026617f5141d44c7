import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { clusterPasswordFile, embeddedDatabaseUrl, freePort } from '../../../apps/server/src/db/embedded.js';
import { chromiumOptions } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The server's test wallet, signed in once before any test so it is the owner whatever the test order. */
    ownerDid: string;
    /** The server's embedded PostgreSQL, for setting up what no API creates (a past-due invoice). */
    databaseUrl: string;
    /** The one Chromium every e2e file connects to (launched once: a launch per file cost ~0.4 s each). */
    browserEndpoint: string;
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Signs the server's test wallet in through the real DID Connect endpoints; the first account is owner. */
async function claimOwnership(baseUrl: string): Promise<string> {
  const created = await fetch(`${baseUrl}/api/did/login/token`, { method: 'POST' });
  const cookie = (created.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { token } = (await created.json()) as { token: string };
  // As the sign-in dialog's page would: cookie-authenticated writes must name their origin.
  const headers = { cookie, 'content-type': 'application/json', origin: baseUrl };
  const approved = await fetch(`${baseUrl}/api/did/login/dev-approve`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  if (!approved.ok)
    throw new Error(`test wallet could not sign in: ${approved.status} ${await approved.text()}`);
  for (let i = 0; i < 50; i++) {
    const status = (await (
      await fetch(`${baseUrl}/api/did/login/status?_t_=${token}`, { headers })
    ).json()) as {
      status: string;
      did?: string;
    };
    if (status.status === 'succeed' && status.did) return status.did;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('test wallet sign-in did not succeed');
}

/** The first start migrates, seeds the demo and deploys the demo chain: on a loaded machine over 60 s. */
async function waitUntilReady(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error('server did not become ready in 150 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the BUILT server (`npm run build` first: the same artefacts `npm start` runs) with its own
 * embedded PostgreSQL in a temporary data directory, in test mode with the dev wallet and demo data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = path.join(root, 'apps/server/dist/main.js');
  const web = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(entry) || !existsSync(web)) throw new Error('Build first: npm run build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-e2e-'));
  const port = await freePort();
  const databasePort = await freePort();
  // Chromium starts while the server migrates and seeds.
  const browserServer: Promise<BrowserServer> = chromium.launchServer(chromiumOptions);
  browserServer.catch(() => undefined); // its failure is reported where it is awaited
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(databasePort),
      DEMO_DATA: '1',
      DEV_WALLET: '1',
      PAYSHELF_CHECK_RESPONSES: '1',
      // Every simulated person in the suite comes from 127.0.0.1: the per-address limits on DID Connect
      // sessions (30 a minute) and checkout starts would refuse the suite's own sign-ins and payments
      // when several test files run within one minute.
      CONNECT_TOKEN_RATE_PER_MINUTE: '10000',
      CHECKOUT_START_RATE_PER_MINUTE: '100000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  // Whatever fails from here stops what was started: no server, database or browser outlives the run.
  const stop = async (): Promise<void> => {
    await browserServer.then((b) => b.close()).catch(() => undefined);
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(child, baseUrl);
    const ownerDid = await claimOwnership(baseUrl);
    const browser = await browserServer;
    project.provide('browserEndpoint', browser.wsEndpoint());
    project.provide('baseUrl', baseUrl);
    project.provide('ownerDid', ownerDid);
    project.provide('dataDir', dataDir);
    const password = (await readFile(clusterPasswordFile(dataDir), 'utf8')).trim();
    project.provide('databaseUrl', embeddedDatabaseUrl(password, databasePort));
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
