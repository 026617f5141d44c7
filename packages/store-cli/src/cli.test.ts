import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main, type Io } from './main.js';
import { parseSize } from './publish.js';
import { sealHandoff } from './seal.js';
import { signingPublicKey, verifyBundleSignature } from './signing.js';

// A tiny store in the test: each test sets `handler`; requests are recorded with their bodies.
type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;
let handler: Handler;
let server: Server;
let store: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  store = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const apiError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { error: { type: 'invalid_request_error', code, message } });

let dir: string;
let app: string;
let out: string[];
let err: string[];
let io: Io;
beforeEach(async () => {
  seen.length = 0;
  dir = await mkdtemp(path.join(tmpdir(), 'store-cli-'));
  app = path.join(dir, 'app');
  await mkdir(app);
  out = [];
  err = [];
  io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { PAYSHELF_STORE_CONFIG: path.join(dir, 'config', 'store-cli.json') },
    cwd: dir,
    interactive: false,
    progress: { write: () => true },
  };
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
  );
  await main(['login', '--store', `${store}/`, '--token', 'tok_secret'], io);
  out = [];
  err = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('login', () => {
  it('saves the token per store URL in a file only its owner can read', async () => {
    const file = path.join(dir, 'config', 'store-cli.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    const config = JSON.parse(await readFile(file, 'utf8'));
    expect(config.defaultStore).toBe(store);
    expect(config.stores[store].token).toBe('tok_secret');
  });
});

describe('publish', () => {
  const info = (res: ServerResponse, max = 100 * 1024 * 1024) =>
    json(res, 200, { id: 's1', name: 'Store', maxBundleSize: `${max} B` });

  it('uploads the bundle with the token and its sha512, and prints the status the store answers', async () => {
    handler = (req, _body, res) =>
      req.url === '/api/store.json' ? info(res) : json(res, 201, { status: 'published' });
    expect(await main(['publish', 'app'], io)).toBe(0);
    expect(out).toEqual(['published']);
    const upload = seen.find((s) => s.method === 'POST');
    expect(upload?.url).toBe('/api/developer/blocklets/upload');
    expect(upload?.headers.authorization).toBe('Bearer tok_secret');
    expect(upload?.headers['content-type']).toBe('application/gzip');
    expect(upload?.headers['x-bundle-sha512']).toBe(
      createHash('sha512')
        .update(upload?.body ?? '')
        .digest('hex'),
    );
    expect(upload?.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // The sha512 signed with the token's key, which the store checks against the public key it kept.
    const sha = createHash('sha512')
      .update(upload?.body ?? '')
      .digest('hex');
    const signature = String(upload?.headers['x-bundle-signature']);
    expect(verifyBundleSignature(signingPublicKey('tok_secret'), sha, signature)).toBe(true);
  });

  it('uploads a .tgz as it is', async () => {
    expect(await main(['bundle', 'app', '--out', 'demo.tgz'], io)).toBe(0);
    handler = (req, _body, res) =>
      req.url === '/api/store.json' ? info(res) : json(res, 200, { status: 'uploaded' });
    expect(await main(['publish', 'demo.tgz'], io)).toBe(0);
    expect(out.at(-1)).toBe('uploaded');
    expect(
      seen.find((s) => s.method === 'POST')?.body.equals(await readFile(path.join(dir, 'demo.tgz'))),
    ).toBe(true);
  });

  it('says the token is bad when the store refuses it', async () => {
    handler = (req, _body, res) =>
      req.url === '/api/store.json'
        ? info(res)
        : apiError(res, 401, 'token_invalid', 'The access token is revoked.');
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err[0]).toContain(
      'The store refused the access token (wrong, revoked or deleted). The store said: The access token is revoked.',
    );
    expect(err[0]).toContain(`${store}/developer/access-tokens`);
  });

  it('refuses a bundle over the store limit before uploading, and explains a 413 from the store', async () => {
    handler = (req, _body, res) => info(res, 100);
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err[0]).toMatch(/^Error: The bundle is too large for this store: \d+ B, the limit is 100 B\.$/);
    expect(seen.some((s) => s.method === 'POST')).toBe(false);
    handler = (req, _body, res) =>
      req.url === '/api/store.json'
        ? json(res, 404, {})
        : apiError(res, 413, 'bundle_too_large', 'At most 100 MB.');
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err.at(-1)).toBe('Error: The bundle is too large for this store. The store said: At most 100 MB.');
  });

  it('explains a version that is not greater and a blocked app', async () => {
    handler = (req, _body, res) =>
      req.url === '/api/store.json'
        ? info(res)
        : apiError(res, 409, 'version_not_greater', 'Version 1.0.0 is not greater than 1.0.0.');
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err.at(-1)).toContain(
      'The version was refused: it must be greater than the latest version on the store.',
    );
    expect(err.at(-1)).toContain('Raise "version" in blocklet.json.');
    handler = (req, _body, res) =>
      req.url === '/api/store.json' ? info(res) : apiError(res, 403, 'blocklet_blocked', 'Blocked: malware.');
    expect(await main(['publish', 'app'], io)).toBe(1);
    expect(err.at(-1)).toBe(
      "Error: This app is blocked by the store's admins and cannot be updated. The store said: Blocked: malware.",
    );
  });

  it('reports a network failure in one line', async () => {
    expect(await main(['publish', 'app', '--store', 'http://127.0.0.1:9', '--token', 't'], io)).toBe(1);
    expect(err).toEqual([
      'Error: Network failure: could not reach the store at http://127.0.0.1:9 (connection refused). Check the URL and your connection.',
    ]);
  });

  it('asks for a token when none is saved for the store', async () => {
    expect(await main(['publish', 'app', '--store', 'http://other.example'], io)).toBe(1);
    expect(err[0]).toContain('No access token for http://other.example.');
  });
});

describe('whoami and status', () => {
  it('prints the token owner and the app versions', async () => {
    handler = (req, _body, res) =>
      req.url === '/api/developer/whoami'
        ? json(res, 200, { did: 'zDev', fullName: 'Ada' })
        : json(res, 200, {
            name: 'demo',
            status: 'normal',
            currentVersion: '1.0.0',
            versions: [
              { version: '1.0.0', status: 'published' },
              { version: '1.1.0', status: 'pending_review' },
            ],
          });
    expect(await main(['whoami'], io)).toBe(0);
    expect(out).toEqual([`Ada zDev on ${store}`]);
    expect(await main(['status', 'app'], io)).toBe(0);
    expect(out[1]).toContain('1.1.0            pending_review');
    expect(seen.at(-1)?.url).toBe('/api/developer/blocklets/z8iZpnScvx1hnqvaZbUxrx7pFBuF9Z4cCSmK3');
  });
});

describe('connect', () => {
  it('receives the token sealed to its own key and saves it', async () => {
    let publicKey = '';
    let polls = 0;
    handler = (req, body, res) => {
      if (req.method === 'POST') {
        publicKey = JSON.parse(body.toString()).publicKey;
        return json(res, 201, {
          id: 'sess_0123456789abcdef',
          url: `${store}/connect-cli?session=sess_0123456789abcdef`,
          code: 'K7Q2',
          pollInterval: 1,
        });
      }
      if (++polls < 2) return json(res, 200, { status: 'pending' });
      json(res, 200, {
        status: 'approved',
        sealed: sealHandoff(publicKey, JSON.stringify({ token: 'tok_from_connect', did: 'zDev' })),
      });
    };
    expect(
      await main(['connect', '--no-browser', '--store', store], {
        ...io,
        env: { ...io.env, STORE_CLI_POLL_MS: '10' },
      }),
    ).toBe(0);
    expect(err.join('\n')).toContain(`${store}/connect-cli?session=sess_0123456789abcdef`);
    expect(err.join('\n')).toContain('K7Q2');
    const config = JSON.parse(await readFile(path.join(dir, 'config', 'store-cli.json'), 'utf8'));
    expect(config.stores[store]).toMatchObject({ token: 'tok_from_connect', did: 'zDev' });
  });

  it('reports the store connect errors: expired session, connection failure, no developer NFT', async () => {
    const cases: [(res: ServerResponse) => void, string][] = [
      [(res) => json(res, 404, {}), 'The connect session is invalid or has expired.'],
      [
        (res) => json(res, 200, { status: 'error', code: 'connection_failed', message: 'wallet declined' }),
        'The wallet connection failed (wallet declined).',
      ],
      [
        (res) => json(res, 200, { status: 'error', code: 'no_developer_nft' }),
        'This wallet holds no developer passport (developer NFT) for this store.',
      ],
    ];
    for (const [poll, message] of cases) {
      handler = (req, _body, res) =>
        req.method === 'POST'
          ? json(res, 201, {
              id: 'sess_0123456789abcdef',
              url: `${store}/connect-cli?session=x`,
              pollInterval: 1,
            })
          : poll(res);
      expect(
        await main(['connect', '--no-browser'], { ...io, env: { ...io.env, STORE_CLI_POLL_MS: '10' } }),
      ).toBe(1);
      expect(err.at(-1)).toContain(message);
    }
  });
});

describe('parseSize', () => {
  it('reads the size strings Blocklet stores give, in decimal and binary units', () => {
    expect(parseSize('100 MiB')).toBe(104_857_600);
    expect(parseSize('100 MB')).toBe(100_000_000);
    expect(parseSize('512 B')).toBe(512);
    expect(parseSize('1.5 KiB')).toBe(1536);
    expect(parseSize('lots')).toBeNull();
  });
});
