import { connectToken, errorBody, memberList, passport } from '@payshelf/api';
import { authUrlFromDeepLink, HeadlessWallet } from '@payshelf/wallet';
import { fromRandom } from '@ocap/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from './support/database.js';
import { newWallet, signIn, TestBrowser } from './support/identity.js';
import { startTestServer, type TestServer } from './support/server.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url, { TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const owner = newWallet('Olivia Owner', 'olivia@example.com');
const ownerBrowser = () => new TestBrowser(server.url);
let ownerSession: TestBrowser;

describe('sign-in', () => {
  it('answers a guest with an initialised session and no user', async () => {
    const res = await fetch(`${server.url}/api/session`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ initialized: true, user: null });
  });

  it('makes the first DID to sign in on a fresh install the owner', async () => {
    ownerSession = ownerBrowser();
    const user = await signIn(ownerSession, owner);
    expect(user).toMatchObject({
      did: owner.did,
      role: 'owner',
      fullName: 'Olivia Owner',
      email: 'olivia@example.com',
      avatar: '',
      didSpace: null,
    });
    expect(user.passports.map((p) => p.role)).toEqual(['owner']);
    expect(passport.array().parse(user.passports)[0]?.issuedBy).toBeNull();
  });

  it('makes later DIDs guests, and signing in again keeps the owner', async () => {
    const bob = await signIn(new TestBrowser(server.url), newWallet('Bob', 'bob@example.com'));
    expect(bob).toMatchObject({ role: 'guest', passports: [] });
    const again = await signIn(new TestBrowser(server.url), owner);
    expect(again.role).toBe('owner');
    expect(again.passports).toHaveLength(1);
  });
});

describe('members and passports', () => {
  it('lists members for the owner and refuses guests and anonymous callers', async () => {
    const res = await ownerSession.get('/api/members');
    expect(res.status).toBe(200);
    const list = memberList.parse(await res.json());
    expect(list.count).toBeGreaterThanOrEqual(2);
    const guest = new TestBrowser(server.url);
    expect((await guest.get('/api/members')).status).toBe(401);
    await signIn(guest, newWallet('Gus Guest', 'gus@example.com'));
    const refused = await guest.get('/api/members');
    expect(refused.status).toBe(403);
    expect(errorBody.parse(await refused.json()).error.type).toBe('permission_error');
  });
});

describe('passport grant and revoke', () => {
  it('changes what the API allows on the very next request', async () => {
    const carol = newWallet('Carol Admin', 'carol@example.com');
    const carolBrowser = new TestBrowser(server.url);
    await signIn(carolBrowser, carol);
    expect((await carolBrowser.get('/api/members')).status).toBe(403);

    const granted = await ownerSession.post(`/api/members/${carol.did}/passports`, { role: 'admin' });
    expect(granted.status).toBe(201);
    const adminPassport = passport.parse(await granted.json());
    expect(adminPassport).toMatchObject({ role: 'admin', issuedBy: owner.did });
    // Same cookie, no new sign-in: the grant applies at once.
    expect((await carolBrowser.get('/api/members')).status).toBe(200);
    expect(await carolBrowser.session()).toMatchObject({ role: 'admin' });

    // Granting again is idempotent.
    const again = await ownerSession.post(`/api/members/${carol.did}/passports`, { role: 'admin' });
    expect(passport.parse(await again.json()).id).toBe(adminPassport.id);

    const revoked = await ownerSession.request(`/api/members/${carol.did}/passports/${adminPassport.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect((await carolBrowser.get('/api/members')).status).toBe(403);
    expect(await carolBrowser.session()).toMatchObject({ role: 'guest', passports: [] });
  });

  it('lets an admin manage members and developers but not admins, and nobody touch the owner', async () => {
    const dave = newWallet('Dave', 'dave@example.com');
    const daveBrowser = new TestBrowser(server.url);
    await signIn(daveBrowser, dave);
    await ownerSession.post(`/api/members/${dave.did}/passports`, { role: 'admin' });
    const erin = newWallet('Erin Dev', 'erin@example.com');
    await signIn(new TestBrowser(server.url), erin);

    const dev = await daveBrowser.post(`/api/members/${erin.did}/passports`, { role: 'developer' });
    expect(dev.status).toBe(201);
    const promote = await daveBrowser.post(`/api/members/${erin.did}/passports`, { role: 'admin' });
    expect(promote.status).toBe(403);
    const ownerGrant = await ownerSession.post(`/api/members/${erin.did}/passports`, { role: 'owner' });
    expect(ownerGrant.status).toBe(400);
    expect(errorBody.parse(await ownerGrant.json()).error.param).toBe('role');

    const ownerUser = await ownerSession.session();
    const ownerPassport = ownerUser?.passports.find((p) => p.role === 'owner');
    const demote = await ownerSession.request(`/api/members/${owner.did}/passports/${ownerPassport?.id}`, {
      method: 'DELETE',
    });
    expect(demote.status).toBe(403);

    const developers = memberList.parse(await (await ownerSession.get('/api/members?role=developer')).json());
    expect(developers.list.map((m) => m.did)).toEqual([erin.did]);
    const found = memberList.parse(await (await ownerSession.get('/api/members?q=ERIN@')).json());
    expect(found.list.map((m) => m.fullName)).toEqual(['Erin Dev']);
  });

  it('refuses grants to unknown DIDs and malformed ids with the one error shape', async () => {
    const unknown = newWallet();
    const res = await ownerSession.post(`/api/members/${unknown.did}/passports`, { role: 'member' });
    expect(res.status).toBe(404);
    expect(errorBody.parse(await res.json()).error.code).toBe('user_not_found');
    const bad = await ownerSession.post('/api/members/not-a-did/passports', { role: 'member' });
    expect(bad.status).toBe(400);
    expect(errorBody.parse(await bad.json()).error.param).toBe('did');
  });

  it('refuses state-changing calls from another origin even with a valid cookie', async () => {
    const res = await ownerSession.post(
      `/api/members/${owner.did}/passports`,
      { role: 'member' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(errorBody.parse(await res.json()).error.code).toBe('cross_origin_request');
  });
});

describe('session cookie', () => {
  it('is httpOnly, SameSite=Lax, path /, not Secure over http, and holds no database key', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    const binding = browser.lastSetCookies.find((c) => c.startsWith('payshelf_connect='));
    expect(binding).toMatch(/HttpOnly/i);
    expect(binding).toMatch(/SameSite=Lax/i);
    expect(binding).toMatch(/Path=\/api\/did/i);
    await newWallet('Frank').approve(url);
    await browser.status(token);
    const cookie = browser.lastSetCookies.find((c) => c.startsWith('payshelf_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).toMatch(/Max-Age=\d+/i);
    expect(cookie).not.toMatch(/Secure/i);
    const value = browser.cookies.get('payshelf_session') ?? '';
    const rows = await server.server.services.database.pool.query('SELECT token_hash FROM sessions');
    expect(rows.rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(value);
  });

  it('is Secure when the request came over https through a trusted proxy', async () => {
    const browser = new TestBrowser(server.url);
    const https = { 'x-forwarded-proto': 'https' };
    const res = await browser.post('/api/did/login/token', {}, https);
    expect(res.status).toBe(200);
    expect(browser.lastSetCookies.find((c) => c.startsWith('payshelf_connect='))).toMatch(/Secure/i);
    const { token, url } = connectToken.parse(await res.json());
    expect(authUrlFromDeepLink(url).protocol).toBe('https:');
    // The wallet reaches the same proxy: https outside, plain http to us with X-Forwarded-Proto.
    const wallet = new HeadlessWallet(fromRandom(), {
      profile: { fullName: 'Ivan' },
      transport: (target, init) =>
        fetch(target.replace('https://', 'http://'), { ...init, headers: { ...init.headers, ...https } }),
    });
    await wallet.approve(url);
    expect((await browser.request(`/api/did/login/status?_t_=${token}`, { headers: https })).status).toBe(
      200,
    );
    expect(browser.lastSetCookies.find((c) => c.startsWith('payshelf_session='))).toMatch(/Secure/i);
  });

  it('logout revokes the session: the old cookie no longer works', async () => {
    const browser = new TestBrowser(server.url);
    await signIn(browser, newWallet('Grace'));
    const stolen = browser.cookies.get('payshelf_session');
    const out = await browser.post('/api/session/logout');
    expect(await out.json()).toEqual({ initialized: true, user: null });
    expect(browser.lastSetCookies.find((c) => c.startsWith('payshelf_session='))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect(await browser.session()).toBeNull();
    const replay = await fetch(`${server.url}/api/session`, {
      headers: { cookie: `payshelf_session=${stolen}` },
    });
    expect(await replay.json()).toEqual({ initialized: true, user: null });
  });

  it('slides the idle expiry with use and ends idle or hard-expired sessions', async () => {
    const browser = new TestBrowser(server.url);
    const user = await signIn(browser, newWallet('Heidi'));
    const pool = server.server.services.database.pool;
    await pool.query(
      `UPDATE sessions SET last_used_at = now() - interval '1 hour', expires_at = now() + interval '1 minute' WHERE user_did = $1`,
      [user.did],
    );
    expect(await browser.session()).not.toBeNull();
    const slid = await pool.query<{ left: number }>(
      `SELECT extract(epoch FROM expires_at - now())::int AS left FROM sessions WHERE user_did = $1`,
      [user.did],
    );
    expect(slid.rows[0]?.left).toBeGreaterThan(24 * 3600);
    await pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_did = $1`, [
      user.did,
    ]);
    expect(await browser.session()).toBeNull();
  });
});
