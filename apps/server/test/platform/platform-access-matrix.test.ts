import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../payment/support.js';
import { cloneTestDatabase } from '../support/database.js';
import { TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkOperations, requiredDefaults, type OpenApiDoc } from '../support/openapi-checks.js';
import { TestUsers } from './users.js';

// Every platform route is in the platform's OpenAPI document with its access, and the one platform
// gate holds for each kind of caller: a route whose access is wrong, or one added without a row
// here, fails this test.
type Access = 'anyone' | 'signedIn' | 'admin';
type Kind = 'anonymous' | 'guest' | 'developer' | 'admin' | 'owner' | 'testKey';

const EXPECTED: Record<string, Access> = {
  'GET /api/session': 'anyone',
  'POST /api/session/logout': 'anyone',
  'GET /api/members': 'admin',
  'POST /api/members/{did}/passports': 'admin',
  'DELETE /api/members/{did}/passports/{passportId}': 'admin',
  'GET /api/user/account': 'signedIn',
  'PUT /api/user/profile': 'signedIn',
  'DELETE /api/user/sessions/{id}': 'signedIn',
  'POST /api/user/sessions/sign-out-others': 'signedIn',
  'GET /.well-known/service/user/avatar/{did}': 'anyone',
  'GET /api/navigation': 'anyone',
  'GET /api/branding': 'anyone',
  'GET /api/navigation/config': 'admin',
  'PUT /api/navigation': 'admin',
  'GET /.well-known/service/api/user/notifications': 'signedIn',
  'GET /.well-known/service/api/user/notifications/unread-count': 'signedIn',
  'PUT /.well-known/service/api/user/notifications/read': 'signedIn',
  'POST /api/notifications': 'admin',
  'GET /api/host/domain': 'admin',
  'PUT /api/host/domain': 'admin',
  'GET /api/analytics/pageviews': 'admin',
  'GET /.well-known/analytics/pv/{path}': 'anyone',
  'GET /.well-known/analytics/evt/{path}': 'anyone',
  'GET /healthz': 'anyone',
  'GET /readyz': 'anyone',
  'GET /__blocklet__.js': 'anyone',
  'GET /.well-known/service/icons/{file}': 'anyone',
  'GET /.well-known/service/branding/{file}': 'anyone',
};

/** What the gate answers: 401, 403, or `in` (the request reaches the route; it may still be 4xx). */
const GATE: Record<Access, Record<Kind, 401 | 403 | 'in'>> = {
  anyone: { anonymous: 'in', guest: 'in', developer: 'in', admin: 'in', owner: 'in', testKey: 'in' },
  signedIn: { anonymous: 401, guest: 'in', developer: 'in', admin: 'in', owner: 'in', testKey: 401 },
  admin: { anonymous: 401, guest: 403, developer: 403, admin: 'in', owner: 'in', testKey: 401 },
};

let server: TestServer;
let drop: () => Promise<void>;
const browsers: Partial<Record<Kind, TestBrowser>> = {};
let ownerDid = '';
beforeAll(async () => {
  const db = await cloneTestDatabase();
  drop = db.drop;
  server = await startTestServer(db.url, {
    PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
    API_KEY_FAILURE_RATE_PER_MINUTE: '10000',
  });
  const users = new TestUsers(server.url);
  const owner = await users.signInOwner();
  ownerDid = owner.did;
  browsers.owner = owner.browser;
  browsers.admin = (await users.signInAs('admin')).browser;
  browsers.developer = (await users.signInAs('developer')).browser;
  browsers.guest = (await users.signInAs('guest')).browser;
  browsers.anonymous = new TestBrowser(server.url);
  browsers.testKey = new TestBrowser(server.url);
});
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

function concrete(path: string): string {
  return path
    .replace('{did}', ownerDid)
    .replace('{passportId}', 'pp_000000000000000000000000')
    .replace('{id}', 'none')
    .replace('{path}', 'matrix/page')
    .replace('{file}', path.includes('icons') ? 'mdi.json' : 'logo-square-light.svg');
}

describe('platform route table', () => {
  it('documents every platform operation with its access, an operationId and its 4xx answers', async () => {
    const res = await fetch(`${server.url}/.well-known/service/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDoc & {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const documented = Object.fromEntries(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op['x-payshelf-access']]),
      ),
    );
    expect(documented).toEqual(EXPECTED);
    checkOperations(doc, () => false);
    // A generated client may omit every field that has a default.
    expect(requiredDefaults(doc)).toEqual([]);
  });

  it('lets each kind of caller through the gate exactly as the route access says', async () => {
    const misses: string[] = [];
    // Signing out last: it ends the browser's session.
    const routes = Object.entries(EXPECTED).sort(
      ([a], [b]) => Number(a.includes('logout')) - Number(b.includes('logout')),
    );
    for (const [route, access] of routes) {
      const [method = 'GET', path = ''] = route.split(' ');
      for (const [kind, want] of Object.entries(GATE[access]) as Array<[Kind, 401 | 403 | 'in']>) {
        const browser = browsers[kind];
        if (!browser) throw new Error(`no browser for ${kind}`);
        // A payment secret key opens no platform route.
        const headers: Record<string, string> =
          kind === 'testKey' ? { authorization: `Bearer ${TEST_SECRET}` } : {};
        const res = await browser.request(
          concrete(path),
          method === 'GET' ? { headers } : { method, body: '{}', headers },
        );
        await res.arrayBuffer();
        const ok =
          want === 'in' ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === want;
        if (!ok) misses.push(`${route} as ${kind}: ${res.status}, expected ${want}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
