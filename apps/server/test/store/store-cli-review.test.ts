import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type Io } from '@payshelf/store-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { json } from './store-support.js';

// The store CLI against a real store: from an empty folder to a version in review and back, with an
// access token only (no browser session).
let env: StoreEnv;
let dir: string;
let out: string[];
let err: string[];
let io: Io;

beforeAll(async () => {
  env = await startStoreEnv();
  dir = await mkdtemp(path.join(tmpdir(), 'store-cli-review-it-'));
  await mkdir(path.join(dir, 'app'));
  out = [];
  err = [];
  io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {
      PAYSHELF_STORE_CONFIG: path.join(dir, 'config.json'),
      PAYSHELF_STORE: env.server.url,
      PAYSHELF_STORE_TOKEN: env.aliceToken,
    },
    cwd: dir,
    interactive: false,
    progress: { write: () => true },
  };
});
afterAll(async () => {
  await env?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const run = async (...argv: string[]) => {
  const code = await main(argv, io);
  if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}: ${err.join(' | ')}`);
  return out.at(-1) ?? '';
};

async function versionStatus(did: string): Promise<string | undefined> {
  const res = await json<{ review_status: string | null; versions: { version: string; status: string }[] }>(
    await fetch(`${env.server.url}/api/developer/blocklets/${did}`, {
      headers: { authorization: `Bearer ${env.aliceToken}` },
    }),
  );
  expect(res.status).toBe(200);
  return res.body.versions.find((v) => v.version === '1.0.0')?.status;
}

describe('store CLI review', () => {
  it('inits without --did, uploads, requests review and cancels it, with the token alone', async () => {
    expect(await run('init', 'app', '--name', 'cli-review', '--title', 'CLI review', '-y')).toMatch(
      /Made the app's key pair/,
    );
    const manifest = JSON.parse(await readFile(path.join(dir, 'app', 'blocklet.json'), 'utf8')) as {
      did: string;
    };
    expect((await stat(path.join(dir, 'config.json'))).mode & 0o777).toBe(0o600);

    expect(await run('publish', 'app')).toBe('uploaded');
    expect(await versionStatus(manifest.did)).toBe('draft');

    expect(await run('request-review', 'app')).toBe(`${manifest.did} 1.0.0: pending_review`);
    expect(await versionStatus(manifest.did)).toBe('pending_review');
    const queue = await json<{ dataList: { did: string }[] }>(
      await env.owner.get('/api/console/blocklets?filter=review'),
    );
    expect(queue.body.dataList.map((b) => b.did)).toContain(manifest.did);

    expect(await run('cancel-review', 'app', '--version', '1.0.0')).toBe(`${manifest.did} 1.0.0: cancelled`);
    expect(await versionStatus(manifest.did)).toBe('cancelled');

    // A second cancel is refused with the store's own message, in one line.
    expect(await main(['cancel-review', 'app'], io)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toBe(
      'Error: Cannot cancel version 1.0.0 while it is cancelled (review_transition_invalid)',
    );
  });
});
