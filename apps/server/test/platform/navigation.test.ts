import {
  errorBody,
  navigationAnswer,
  navigationConfigAnswer,
  type NavigationAnswer,
  type NavigationItem,
} from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../../src/app.js';
import { TestBrowser } from '../support/identity.js';
import { openSocket, socketUrl } from '../support/socket.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { put, TestUsers, type SignedIn } from './users.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let users: TestUsers;
let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;
let guest: SignedIn;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  users = new TestUsers(server.url);
  owner = await users.signInOwner();
  [admin, member, guest] = await Promise.all([
    users.signInAs('admin'),
    users.signInAs('member'),
    users.signInAs('guest'),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function navigationOf(browser: TestBrowser): Promise<NavigationAnswer> {
  const res = await browser.get('/api/navigation');
  expect(res.status).toBe(200);
  return navigationAnswer.parse(await res.json());
}

/** Every id in a section, depth first, e.g. `store`, `store.browse`, … */
function ids(items: NavigationItem[]): string[] {
  return items.flatMap((i) => [i.id, ...ids(i.items)]);
}

describe('GET /api/navigation (seeded default)', () => {
  it('gives an anonymous visitor the open items only, with branding and the bell entry', async () => {
    const nav = await navigationOf(new TestBrowser(server.url));
    const header = ids(nav.sections.header);
    expect(header).toEqual(expect.arrayContaining(['store', 'store.browse', 'store.search', 'payment']));
    expect(header).not.toContain('store.console');
    expect(header).not.toContain('store.developer');
    expect(header).not.toContain('payment.admin');
    expect(ids(nav.sections.userCenter)).toEqual(['/userCenter/notification']);
    expect(ids(nav.sections.sessionManager)).toEqual(['session.store', 'session.payment']);
    expect(nav.sections.footer.length).toBeGreaterThan(0);
    expect(nav.sections.social.length).toBeGreaterThan(0);
    expect(nav.sections.bottom.length).toBeGreaterThan(0);
    expect(nav.branding.appName).toBe('Payshelf');
    expect(nav.branding.productsItem).toBe(2);
    const logo = await fetch(new URL(nav.branding.logos.wide.dark, server.url));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
  });

  it('filters by the caller: guest and member see no admin branch, admin and owner do', async () => {
    for (const who of [guest, member]) {
      const header = ids((await navigationOf(who.browser)).sections.header);
      expect(header).not.toContain('store.console');
      expect(header).not.toContain('payment.admin.donations');
    }
    for (const who of [admin, owner]) {
      const nav = await navigationOf(who.browser);
      expect(ids(nav.sections.header)).toEqual(
        expect.arrayContaining(['store.console', 'store.console.categories', 'payment.admin.donations']),
      );
      expect(ids(nav.sections.sessionManager)).toContain('session.dashboard');
      expect(ids(nav.sections.dashboard)).toContain('session.dashboard');
    }
  });

  it('serves branding on its own', async () => {
    const res = await fetch(`${server.url}/api/branding`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ appName: 'Payshelf', productsItem: 2 });
    expect((await fetch(`${server.url}/.well-known/service/branding/nope.svg`)).status).toBe(404);
  });
});

describe('PUT /api/navigation', () => {
  const custom = {
    productsItem: 0,
    items: [
      { id: 'home', title: 'Home', link: '/' },
      {
        id: 'tools',
        title: { en: 'Tools', zh: '工具' },
        items: [
          {
            id: 'tools.deep',
            title: 'Deep',
            items: [{ id: 'tools.deep.members', title: 'Members', link: '/m', role: ['member'] }],
          },
          { id: 'tools.admins', title: 'Admins', link: '/a', role: 'admin' },
        ],
      },
      { id: 'news', title: 'News', link: 'https://example.com/news', section: ['footer', 'social'] },
    ],
  };

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    expect((await put(new TestBrowser(server.url), '/api/navigation', custom)).status).toBe(401);
    for (const who of [guest, member]) {
      const res = await put(who.browser, '/api/navigation', custom);
      expect(res.status).toBe(403);
      expect(errorBody.parse(await res.json()).error.type).toBe('permission_error');
      expect((await who.browser.get('/api/navigation/config')).status).toBe(403);
    }
  });

  it('answers 400 naming the bad field and keeps the stored navigation', async () => {
    const before = navigationConfigAnswer.parse(
      await (await owner.browser.get('/api/navigation/config')).json(),
    );
    const cases: Array<[unknown, string | undefined]> = [
      [{ items: [{ id: 'x', title: 'X', link: 'javascript:alert(1)' }] }, 'items.0.link'],
      [{ items: [{ id: 'x', title: 'X', link: '/', role: [] }] }, 'items.0.role'],
      [{ items: [{ id: 'x', title: 'X', link: '/', section: 'sidebar' }] }, 'items.0.section'],
      [{ items: [{ id: 'x', title: { en: 'X\u0000' }, link: '/' }] }, 'items.0.title.en'],
      [{ items: [{ id: 'x', title: 'X', items: [] }] }, 'items.0.link'],
      [{ items: 'nope' }, 'items'],
      [{ items: [], extra: true }, undefined],
    ];
    for (const [body, param] of cases) {
      const res = await put(admin.browser, '/api/navigation', body);
      expect(res.status).toBe(400);
      const error = errorBody.parse(await res.json()).error;
      expect(error.code).toBe('parameter_invalid');
      if (param) expect(error.param).toBe(param);
    }
    const deep = `{"items":[${'{"id":"n","title":"N","items":['.repeat(5000)}{"id":"x","title":"X","link":"/"}${']}'.repeat(5000)}]}`;
    const tooDeep = await admin.browser.request('/api/navigation', { method: 'PUT', body: deep });
    expect(tooDeep.status).toBe(400);
    // Refused at the edge, before parsing walks it: nesting is counted on the raw text.
    expect(errorBody.parse(await tooDeep.json()).error).toMatchObject({
      code: 'parameter_invalid',
      message: expect.stringContaining('nest at most'),
    });
    const bad = await admin.browser.request('/api/navigation', { method: 'PUT', body: '{not json' });
    expect(bad.status).toBe(400);
    const after = navigationConfigAnswer.parse(
      await (await owner.browser.get('/api/navigation/config')).json(),
    );
    expect(after.version).toBe(before.version);
  });

  it('replaces the navigation for an admin; parents without a visible child disappear', async () => {
    const socket = await openSocket(socketUrl(server.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: 'public:navigation' });
    await socket.next((m) => m.type === 'subscribed');
    const res = await put(admin.browser, '/api/navigation', custom);
    expect(res.status).toBe(200);
    const saved = navigationConfigAnswer.parse(await res.json());
    // Open headers hear about the change and reload.
    const updated = await socket.next((m) => m.type === 'event');
    expect(updated).toMatchObject({ event: 'navigation.updated', data: { version: saved.version } });
    socket.close();
    expect(saved.version).toBeGreaterThan(1);
    expect(saved.config.items.map((i) => i.id)).toEqual(['home', 'tools', 'news']);

    const anonymous = await navigationOf(new TestBrowser(server.url));
    expect(ids(anonymous.sections.header)).toEqual(['home']);
    expect(ids(anonymous.sections.footer)).toEqual(['news']);
    expect(ids(anonymous.sections.social)).toEqual(['news']);
    expect(anonymous.branding.productsItem).toBe(0);

    expect(ids((await navigationOf(guest.browser)).sections.header)).toEqual(['home']);
    expect(ids((await navigationOf(member.browser)).sections.header)).toEqual([
      'home',
      'tools',
      'tools.deep',
      'tools.deep.members',
    ]);
    expect(ids((await navigationOf(admin.browser)).sections.header)).toEqual([
      'home',
      'tools',
      'tools.admins',
    ]);
    // The owner holds neither member nor admin: only the open item.
    expect(ids((await navigationOf(owner.browser)).sections.header)).toEqual(['home']);
  });
});
