import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BundleError,
  defaultBundleLimits,
  inspectBundle,
  type InspectedBundle,
} from '../../../apps/server/src/store/bundle/index.js';
import { main, type Io } from './main.js';

// The CLI against a server that runs the real bundle gate on the request stream, as the store does.
let dir: string;
let server: Server;
let store: string;
let accepted: InspectedBundle[];
let headers: Record<string, string | string[] | undefined>[];
let err: string[];
let out: string[];
let io: Io;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-cli-upload-'));
  accepted = [];
  headers = [];
  server = createServer((req, res) => {
    if (req.url !== '/api/developer/blocklets/upload') return void res.writeHead(404).end();
    headers.push(req.headers);
    const limits = { ...defaultBundleLimits, maxBytes: 16 * 1024 };
    inspectBundle(req, limits, path.join(dir, 'server-tmp')).then(
      (b) => {
        accepted.push(b);
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'uploaded' }));
      },
      (e: unknown) => {
        const code = e instanceof BundleError ? e.code : 'error';
        res
          .writeHead(code === 'too_large' ? 413 : 400, {
            'content-type': 'application/json',
            connection: 'close',
          })
          .end(
            JSON.stringify({
              error: { type: 'invalid_request_error', code: `bundle_${code}`, message: (e as Error).message },
            }),
          );
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  store = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  out = [];
  err = [];
  io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {
      PAYSHELF_STORE_CONFIG: path.join(dir, 'cfg.json'),
      PAYSHELF_STORE: store,
      PAYSHELF_STORE_TOKEN: 'tok',
    },
    cwd: dir,
    interactive: false,
    progress: { write: () => true },
  };
  await mkdir(path.join(dir, 'app'));
  expect(
    await main(
      [
        'init',
        'app',
        '--did',
        'z8iZpnScvx1hnqvaZbUxrx7pFBuF9Z4cCSmK3',
        '--name',
        'demo',
        '--title',
        'Demo',
        '-y',
      ],
      io,
    ),
  ).toBe(0);
});
afterEach(async () => {
  await Promise.all(accepted.map((b) => b.discard()));
  await new Promise<void>((r) => server.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

describe('publish through the real bundle gate', () => {
  it('is accepted, with the sha512 header equal to the hash the server computed', async () => {
    expect(await main(['publish', 'app'], io)).toBe(0);
    expect(out.at(-1)).toBe('uploaded');
    expect(accepted[0]?.manifest.name).toBe('demo');
    expect(headers[0]?.['x-bundle-sha512']).toBe(accepted[0]?.sha512);
  });

  it('an oversized upload is stopped while streaming and the CLI says it is too large', async () => {
    // Random bytes do not compress: the bundle is about 1 MB against a 16 KB limit, so the store answers while the CLI is still sending.
    await writeFile(path.join(dir, 'app', 'noise.bin'), randomBytes(1024 * 1024));
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err.at(-1)).toMatch(
      /^Error: The bundle is too large for this store\. The store said: The bundle is larger than 16384 bytes\.$/,
    );
    expect(await readdir(path.join(dir, 'server-tmp'))).toEqual([]);
  });
});
