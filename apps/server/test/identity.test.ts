import { errorBody, memberList, passport } from '@payshelf/api';
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
