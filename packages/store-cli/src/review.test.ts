import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDidOf } from './app-key.js';
import { main, type Io } from './main.js';

// `init` without a DID, and the review commands against a tiny store that records what it is sent.
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
let server: Server;
let store: string;
const seen: { method: string; url: string; auth: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body,
      });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  store = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let dir: string;
let out: string[];
let err: string[];
let io: Io;
const configFile = () => path.join(dir, 'config', 'store-cli.json');
beforeEach(async () => {
  seen.length = 0;
  dir = await mkdtemp(path.join(tmpdir(), 'store-cli-review-'));
  await mkdir(path.join(dir, 'app'));
  out = [];
  err = [];
  io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { PAYSHELF_STORE_CONFIG: configFile(), PAYSHELF_STORE: store, PAYSHELF_STORE_TOKEN: 'tok_1' },
    cwd: dir,
    interactive: false,
    progress: { write: () => true },
  };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('init without --did', () => {
  it("makes the app's Ed25519 key pair, names the app by its DID and keeps the key in a 0600 file", async () => {
    expect(await main(['init', 'app', '--name', 'demo', '--title', 'Demo', '-y'], io)).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(dir, 'app', 'blocklet.json'), 'utf8'));
    expect(manifest.did).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/);
    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
    const config = JSON.parse(await readFile(configFile(), 'utf8'));
    const key = config.apps[manifest.did];
    expect(key).toMatchObject({ did: manifest.did, type: 'ed25519', dir: path.join(dir, 'app') });
    // The DID is the one the store's gen-key-pair page gives for this public key.
    expect(appDidOf(Buffer.from(key.publicKey, 'hex'))).toBe(manifest.did);
    expect(key.secretKey).toHaveLength(128);
    expect(key.secretKey.slice(64)).toBe(key.publicKey);
    expect(out[0]).toContain(`Made the app's key pair (DID ${manifest.did})`);
    // The private key is not in the folder that gets bundled.
    expect(await readFile(path.join(dir, 'app', 'blocklet.json'), 'utf8')).not.toContain(key.secretKey);
  });

  it('names the missing flags in one line and exits 2, writing nothing', async () => {
    expect(await main(['init', 'app', '-y'], io)).toBe(2);
    expect(err[0]).toBe(
      'Error: Cannot write blocklet.json: --name is required (letters, digits, - and _); ' +
        '--title is required (the name people see); ' +
        '--description is required (or --title, which it defaults to)',
    );
    expect(await main(['init', 'app', '--name', 'a b', '--title', 'T', '--did', 'nope', '-y'], io)).toBe(2);
    expect(err[2]).toBe(
      'Error: Cannot write blocklet.json: --did must be an ABT DID such as z1… or did:abt:z1…; ' +
        '--name may contain only letters, digits, hyphens and underscores',
    );
    await expect(stat(path.join(dir, 'app', 'blocklet.json'))).rejects.toThrow();
    await expect(stat(configFile())).rejects.toThrow();
  });
});

describe('request-review and cancel-review', () => {
  const answer = (status: string) => (_req: IncomingMessage, body: string, res: ServerResponse) => {
    const { version } = JSON.parse(body) as { version: string };
    send(res, 200, { did: 'x', versions: [{ version, status }] });
  };

  it("asks about the manifest's version (or --version) with the token and prints the status", async () => {
    await main(['init', 'app', '--name', 'demo', '--title', 'Demo', '--version', '1.2.0', '-y'], io);
    const { did } = JSON.parse(await readFile(path.join(dir, 'app', 'blocklet.json'), 'utf8'));
    handler = answer('pending_review');
    expect(await main(['request-review', 'app'], io)).toBe(0);
    expect(seen[0]).toEqual({
      method: 'PUT',
      url: `/api/developer/blocklets/${did}/request-review`,
      auth: 'Bearer tok_1',
      body: '{"version":"1.2.0"}',
    });
    expect(out.at(-1)).toBe(`${did} 1.2.0: pending_review`);
    handler = answer('cancelled');
    expect(await main(['cancel-review', 'app', '--version', '1.1.0', '--json'], io)).toBe(0);
    expect(seen[1]?.url).toBe(`/api/developer/blocklets/${did}/cancel-review`);
    expect(JSON.parse(out.at(-1) ?? '')).toEqual({ did, version: '1.1.0', status: 'cancelled' });
  });

  it("prints the store's error message, and the token advice on 401", async () => {
    await main(['init', 'app', '--name', 'demo', '--title', 'Demo', '-y'], io);
    handler = (_req, _body, res) =>
      send(res, 409, { error: { code: 'store_review_state', message: 'This version is not a draft.' } });
    expect(await main(['request-review', 'app'], io)).toBe(1);
    expect(err).toEqual(['Error: This version is not a draft. (store_review_state)']);
    handler = (_req, _body, res) => send(res, 401, { error: { code: 'unauthorized', message: 'No.' } });
    expect(await main(['cancel-review', 'app'], io)).toBe(1);
    expect(err[1]).toMatch(/^Error: The store refused the access token/);
    expect(await main(['request-review', 'nowhere'], io)).toBe(1);
    expect(err[2]).toMatch(/^Error: No blocklet.json in .*nowhere\. Run payshelf-store init first\.$/);
  });
});
