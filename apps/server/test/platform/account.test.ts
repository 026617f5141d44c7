import { accountResponse, domainSettings, sessionUser } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { put, TestUsers, type SignedIn } from './users.js';

// The user centre (profile and signed-in browsers) and the domain settings page's calls.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let users: TestUsers;
let owner: SignedIn;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  users = new TestUsers(server.url);
  owner = await users.signInOwner();
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function accountOf(browser: TestBrowser) {
  const res = await browser.get('/api/user/account');
  expect(res.status).toBe(200);
  return accountResponse.parse(await res.json());
}

describe('user centre', () => {
  it('lists my signed-in browsers, signs one out, then all the others', async () => {
    const wallet = newWallet('Alice Example', 'alice@example.com');
    const [laptop, phone, tablet] = [1, 2, 3].map(() => new TestBrowser(server.url)) as [
      TestBrowser,
      TestBrowser,
      TestBrowser,
    ];
    for (const b of [laptop, phone, tablet]) await signIn(b, wallet);

    const mine = await accountOf(laptop);
    expect(mine.user.fullName).toBe('Alice Example');
    expect(mine.sessions).toHaveLength(3);
    expect(mine.sessions.filter((s) => s.current)).toHaveLength(1);

    // The phone's session, as the phone sees itself.
    const phoneId = (await accountOf(phone)).sessions.find((s) => s.current)?.id ?? '';
    const out = await laptop.request(`/api/user/sessions/${phoneId}`, { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(await phone.session()).toBeNull();
    expect((await accountOf(laptop)).sessions).toHaveLength(2);

    const others = await laptop.post('/api/user/sessions/sign-out-others');
    expect(await others.json()).toEqual({ revoked: 1 });
    expect(await tablet.session()).toBeNull();
    expect(await laptop.session()).not.toBeNull();
  });

  it("never touches someone else's session", async () => {
    const ownerSession = (await accountOf(owner.browser)).sessions.find((s) => s.current)?.id ?? '';
    const bob = new TestBrowser(server.url);
    await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
    const res = await bob.request(`/api/user/sessions/${ownerSession}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await owner.browser.session()).not.toBeNull();
    // And sees only their own sessions.
    const bobs = await accountOf(bob);
    expect(bobs.sessions.map((s) => s.id)).not.toContain(ownerSession);
  });

  it('edits my name and email, refusing what is not a name or an email', async () => {
    const carol = new TestBrowser(server.url);
    await signIn(carol, newWallet('Carol', 'carol@example.com'));
    const saved = await put(carol, '/api/user/profile', {
      fullName: '  Carol Chen ',
      email: 'c@example.org',
    });
    expect(saved.status).toBe(200);
    expect(sessionUser.parse(await saved.json())).toMatchObject({
      fullName: 'Carol Chen',
      email: 'c@example.org',
    });
    expect(await carol.session()).toMatchObject({ fullName: 'Carol Chen', email: 'c@example.org' });

    for (const bad of [
      { fullName: '', email: '' },
      { fullName: 'x'.repeat(81), email: '' },
      { fullName: 'Carol', email: 'not an email' },
      { fullName: 'Carol\u0000', email: '' },
    ]) {
      const res = await put(carol, '/api/user/profile', bad);
      expect(res.status).toBe(400);
    }
    expect(await carol.session()).toMatchObject({ fullName: 'Carol Chen' });
  });

  it('answers 401 to a guest', async () => {
    const guest = new TestBrowser(server.url);
    expect((await guest.get('/api/user/account')).status).toBe(401);
    expect((await put(guest, '/api/user/profile', { fullName: 'X', email: '' })).status).toBe(401);
  });
});

describe('domain settings', () => {
  it('lets owners and admins save the public URL for the next start; nobody else', async () => {
    const before = domainSettings.parse(await (await owner.browser.get('/api/host/domain')).json());
    expect(before).toEqual({ publicUrl: null, source: 'request', savedUrl: null });

    const member = await users.signInAs('member');
    expect((await member.browser.get('/api/host/domain')).status).toBe(403);
    expect(
      (await put(member.browser, '/api/host/domain', { publicUrl: 'https://shop.example' })).status,
    ).toBe(403);

    expect((await put(owner.browser, '/api/host/domain', { publicUrl: 'javascript:alert(1)' })).status).toBe(
      400,
    );
    expect(
      (await put(owner.browser, '/api/host/domain', { publicUrl: 'https://shop.example/path' })).status,
    ).toBe(400);
    // Something zod's URL check lets through but the URL parser refuses (found by the API fuzzer: it
    // answered 500).
    expect((await put(owner.browser, '/api/host/domain', { publicUrl: '1'.padEnd(79, '0') })).status).toBe(
      400,
    );
    const saved = await put(owner.browser, '/api/host/domain', { publicUrl: 'https://shop.example' });
    expect(domainSettings.parse(await saved.json())).toEqual({
      publicUrl: null,
      source: 'request',
      savedUrl: 'https://shop.example',
    });

    // The next start uses it (PUBLIC_URL from the environment is not set in tests).
    const next = await startTestServer(db.url);
    try {
      const res = await fetch(`${next.url}/__blocklet__.js?type=json`);
      expect(((await res.json()) as { appUrl: string }).appUrl).toBe('https://shop.example');
    } finally {
      await next.stop();
    }
    const cleared = await put(owner.browser, '/api/host/domain', { publicUrl: '' });
    expect(domainSettings.parse(await cleared.json()).savedUrl).toBeNull();
  });
});
