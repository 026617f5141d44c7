import { mkdtemp } from 'node:fs/promises';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectToken, errorBody } from '@payshelf/api';
import { authUrlFromDeepLink } from '@payshelf/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../src/app.js';
import { cloneTestDatabase } from './support/database.js';
import { newWallet, signIn, TestBrowser } from './support/identity.js';
import { startTestServer, type TestServer } from './support/server.js';
import { openSocket, socketUrl } from './support/socket.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let dataDir: string;
let a: TestServer;
let b: TestServer;
const designated = newWallet('Owen Designated', 'owen@example.com');
// A 1x1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

beforeAll(async () => {
  db = await cloneTestDatabase();
  // Two processes of one install: same database, same data directory (so the same app wallet).
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-identity-'));
  // Token creation is limited per client; the concurrency test below asks 500 times from one address.
  const env = {
    DATA_DIR: dataDir,
    OWNER_DID: `did:abt:${designated.did}`,
    CONNECT_TOKEN_RATE_PER_MINUTE: '10000',
  };
  a = await startTestServer(db.url, env);
  b = await startTestServer(db.url, env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await db?.drop();
});

describe('one install, several processes', () => {
  it('keeps the app wallet in DATA_DIR with mode 600 and shares it between processes', async () => {
    const file = path.join(dataDir, 'secrets', 'app-wallet.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const fromA = await new TestBrowser(a.url).startLogin();
    const fromB = await new TestBrowser(b.url).startLogin();
    expect(fromA.appInfo.name).toBe(fromB.appInfo.name);
  });

  it('completes a sign-in whose wallet talks to another process than the browser', async () => {
    const browser = new TestBrowser(a.url);
    const { token, url } = await browser.startLogin();
    const viaB = url.replace(
      encodeURIComponent(encodeURIComponent(a.url)),
      encodeURIComponent(encodeURIComponent(b.url)),
    );
    expect(viaB).not.toBe(url);
    const wallet = newWallet('Peggy');
    await wallet.approve(viaB);
    expect((await browser.status(token)).body).toMatchObject({ status: 'succeed', did: wallet.did });
    const cookie = browser.cookies.get('payshelf_session');
    const onB = await fetch(`${b.url}/api/session`, { headers: { cookie: `payshelf_session=${cookie}` } });
    expect(await onB.json()).toMatchObject({ user: { did: wallet.did } });
  });

  it('makes OWNER_DID the owner, not the first DID to sign in', async () => {
    const first = await signIn(new TestBrowser(a.url), newWallet('Quinn'));
    expect(first.role).toBe('guest');
    const owner = await signIn(new TestBrowser(b.url), designated);
    expect(owner).toMatchObject({ did: designated.did, role: 'owner' });
  });

  it('limits token creation per client', async () => {
    // Its own database: the counters are shared by every process of an install (kept in PostgreSQL),
    // so the tokens the tests above created this minute would count against this server too.
    const own = await cloneTestDatabase();
    const limited = await startTestServer(own.url, {
      DATA_DIR: dataDir,
      CONNECT_TOKEN_RATE_PER_MINUTE: '3',
      PUBLIC_URL: 'https://shop.example',
    });
    try {
      const browser = new TestBrowser(limited.url);
      const first = await browser.post('/api/did/login/token');
      // Behind a TLS proxy (an https PUBLIC_URL) cookies are Secure though we see plain http, and
      // the deep link names the public address.
      expect(browser.lastSetCookies.find((c) => c.startsWith('payshelf_connect='))).toMatch(/Secure/i);
      expect(authUrlFromDeepLink(connectToken.parse(await first.json()).url).origin).toBe(
        'https://shop.example',
      );
      const codes = [first.status];
      for (let i = 0; i < 3; i++) codes.push((await browser.post('/api/did/login/token')).status);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await browser.post('/api/did/login/token');
      expect(errorBody.parse(await refused.json()).error).toMatchObject({
        type: 'rate_limit_error',
        code: 'rate_limited',
      });
      // Other endpoints are not limited.
      expect((await browser.get('/api/session')).status).toBe(200);
    } finally {
      await limited.stop();
      await own.drop();
    }
  });

  it('hands out distinct, unguessable tokens to 500 browsers asking two processes at the same moment', async () => {
    const browsers = Array.from({ length: 500 }, (_, i) => new TestBrowser(i % 2 ? a.url : b.url));
    const answers = await Promise.all(browsers.map((x) => x.post('/api/did/login/token')));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const tokens = await Promise.all(answers.map(async (r) => connectToken.parse(await r.json())));
    expect(new Set(tokens.map((t) => t.token)).size).toBe(500);
    // 128 random bits, and the deep link names the same token the browser polls.
    for (const t of tokens) {
      expect(t.token).toMatch(/^[0-9a-f]{32}$/);
      expect(authUrlFromDeepLink(t.url).searchParams.get('_t_')).toBe(t.token);
    }
  });

  it('lets only the browser that asked for a token follow it or be signed in by it', async () => {
    const owner = new TestBrowser(a.url);
    const { token, url } = await owner.startLogin();
    const stranger = new TestBrowser(b.url);
    await stranger.startLogin();
    expect((await stranger.status(token)).http).toBe(403);
    const wallet = newWallet('Tara');
    await wallet.approve(url);
    expect((await stranger.status(token)).http).toBe(403);
    expect(stranger.cookies.get('payshelf_session')).toBeUndefined();
    expect((await owner.status(token)).body).toMatchObject({ status: 'succeed', did: wallet.did });
  });

  it('has no test wallet unless DEV_WALLET=1', async () => {
    const res = await fetch(`${b.url}/api/did/login/dev-approve`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

describe('profile', () => {
  it('keeps an avatar the wallet sent and serves it from our origin', async () => {
    const wallet = newWallet('Rita', 'rita@example.com', `data:image/png;base64,${PNG}`);
    const user = await signIn(new TestBrowser(b.url), wallet);
    expect(user.avatar).toMatch(new RegExp(`^/\\.well-known/service/user/avatar/${user.did}\\?v=`));
    const res = await fetch(new URL(user.avatar, b.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(PNG, 'base64'));
    const etag = res.headers.get('etag') ?? '';
    expect((await fetch(new URL(user.avatar, b.url), { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
  });

  it('refuses SVG avatars (script from our origin) and serves an identicon instead', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ).toString('base64');
    const user = await signIn(
      new TestBrowser(b.url),
      newWallet('Sam', '', `data:image/svg+xml;base64,${svg}`),
    );
    expect(user.avatar).toBe('');
    const res = await fetch(
      `${b.url}/.well-known/service/user/avatar/${user.did}?imageFilter=resize&w=48&h=48`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const body = await res.text();
    // Our own generated picture: no script, sized as asked.
    expect(body).not.toContain('<script');
    expect(body).toMatch(/^<svg [^>]*width="48" height="48"/);
  });
});

describe('role changes reach open pages', () => {
  it('tells only the user own sockets that their session changed', async () => {
    const owner = new TestBrowser(a.url);
    await signIn(owner, designated);
    const member = new TestBrowser(a.url);
    const user = await signIn(member, newWallet('Trent'));
    const ws = await openSocket(socketUrl(a.url, RELAY_SOCKET_PATH), {
      cookie: `payshelf_session=${member.cookies.get('payshelf_session')}`,
    });
    ws.send({ type: 'subscribe', topic: `identity:user:${designated.did}` });
    await ws.next((m) => m.type === 'error');
    ws.send({ type: 'subscribe', topic: `identity:user:${user.did}` });
    await ws.next((m) => m.type === 'subscribed');
    await owner.post(`/api/members/${user.did}/passports`, { role: 'member' });
    const event = await ws.next((m) => m.type === 'event');
    expect(event).toMatchObject({ event: 'session.changed', data: { did: user.did } });
    ws.close();
  });
});
