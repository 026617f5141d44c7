import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../payment/support.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { checkOperations, requiredDefaults, type OpenApiDoc } from '../support/openapi-checks.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { bundleOf, randomDid, upload } from './store-support.js';

// Every store route is in the store's OpenAPI document with its access, and the one store gate holds
// for each kind of caller (a payment secret key included): a route whose access is wrong, or a route added without an entry here,
// fails this test.
let env: StoreEnv;
let user: TestBrowser;
let appDid: string;
beforeAll(async () => {
  // Each cell sends its own bad token: the per-address limit on 401s must not answer 429 first.
  env = await startStoreEnv({
    API_KEY_FAILURE_RATE_PER_MINUTE: '10000',
    PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
  });
  user = new TestBrowser(env.server.url);
  await signIn(user, newWallet('Uma User', 'uma@example.com'));
  appDid = randomDid();
  const uploaded = await upload(
    env.server.url,
    env.aliceToken,
    bundleOf({ did: appDid, name: 'matrix-app', version: '1.0.0' }),
  );
  expect(uploaded.status).toBe(200);
});
afterAll(() => env?.stop());

type Access = 'anyone' | 'signedIn' | 'developer' | 'developerOrToken' | 'developerOrSigned' | 'storeAdmin';
type Kind = 'anonymous' | 'user' | 'developer' | 'token' | 'badToken' | 'admin' | 'testKey';

/** The access of every store operation, as a person reading the SPEC expects it. */
const EXPECTED: Record<string, Access> = {
  'GET /store.json': 'anyone',
  'GET /blocklets.json': 'anyone',
  'GET /blocklets/categories': 'anyone',
  'GET /blocklets/{did}/blocklet.json': 'anyone',
  'GET /blocklets/{did}/versions': 'anyone',
  'GET /blocklets/{did}/downloads': 'anyone',
  'GET /blocklets/{did}/{version}/blocklet.json': 'anyone',
  'GET /blocklets/{did}/{version}/{file}': 'anyone',
  'GET /blocklets/{did}/{version}/assets/logo': 'anyone',
  'GET /blocklets/{did}/{version}/assets/screenshots/{index}': 'anyone',
  'GET /blocklets/{did}/{version}/assets/readme': 'anyone',
  'POST /blocklets/upload': 'developerOrSigned',
  'PUT /blocklets/upload': 'developerOrSigned',
  'POST /developer/blocklets/upload': 'developerOrSigned',
  'PUT /developer/blocklets/upload': 'developerOrSigned',
  'GET /developer/whoami': 'developerOrToken',
  'GET /developer/blocklets': 'developerOrToken',
  'POST /developer/blocklets': 'developer',
  'GET /developer/blocklets/{did}': 'developerOrToken',
  'PUT /developer/blocklets/{did}': 'developer',
  'PUT /developer/blocklets/{did}/request-review': 'developerOrToken',
  'PUT /developer/blocklets/{did}/cancel-review': 'developerOrToken',
  'GET /blocklets/{did}/comments': 'signedIn',
  'POST /blocklets/{did}/comments': 'signedIn',
  'GET /developer/access-tokens': 'developer',
  'POST /developer/access-tokens': 'developer',
  'DELETE /developer/access-tokens/{id}': 'developer',
  'GET /developers/{did}': 'signedIn',
  'POST /gen-key-pair/did': 'signedIn',
  'POST /connect-cli/sessions': 'anyone',
  'GET /connect-cli/sessions/{id}': 'anyone',
  'GET /connect-cli/sessions/{id}/info': 'anyone',
  'GET /console/blocklets': 'storeAdmin',
  'PUT /console/blocklets/{did}/block': 'storeAdmin',
  'PUT /console/blocklets/{did}/unblock': 'storeAdmin',
  'PUT /console/blocklets/{did}': 'storeAdmin',
  'PUT /console/blocklets/{did}/review': 'storeAdmin',
  'GET /console/categories': 'storeAdmin',
  'POST /console/categories': 'storeAdmin',
  'PUT /console/categories/{id}': 'storeAdmin',
  'DELETE /console/categories/{id}': 'storeAdmin',
  'GET /console/settings': 'storeAdmin',
  'PUT /console/settings': 'storeAdmin',
};

/** What the gate answers: 401, 403, or `in` (the request reaches the route; it may still be 4xx). */
const GATE: Record<Access, Partial<Record<Kind, 401 | 403 | 'in'>>> = {
  anyone: {
    anonymous: 'in',
    user: 'in',
    developer: 'in',
    token: 'in',
    badToken: 'in',
    admin: 'in',
    testKey: 'in',
  },
  signedIn: {
    anonymous: 401,
    user: 'in',
    developer: 'in',
    token: 401,
    badToken: 401,
    admin: 'in',
    testKey: 401,
  },
  developer: { anonymous: 401, user: 403, developer: 'in', token: 401, badToken: 401, testKey: 401 },
  developerOrToken: {
    anonymous: 401,
    user: 403,
    developer: 'in',
    token: 'in',
    badToken: 401,
    testKey: 401,
  },
  // A gzip body with no caller is refused at the gate; the signed multipart form is tested in
  // store-blocklet-upload.test.ts (a form with a bad or unknown signature answers 401 there).
  developerOrSigned: {
    anonymous: 401,
    user: 403,
    developer: 'in',
    token: 'in',
    badToken: 401,
    testKey: 401,
  },
  storeAdmin: {
    anonymous: 401,
    user: 403,
    developer: 403,
    token: 401,
    badToken: 401,
    admin: 'in',
    testKey: 401,
  },
};

type StoreDoc = OpenApiDoc & { paths: Record<string, Record<string, Record<string, unknown>>> };

async function storeDoc(): Promise<StoreDoc> {
  const res = await fetch(`${env.server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as StoreDoc;
}

function concrete(path: string): string {
  return `/api${path
    .replace('{did}', appDid)
    .replace('{version}', '1.0.0')
    .replace('{file}', 'matrix-app-1.0.0.tgz')
    .replace('{index}', '0')
    .replace('{id}', 'tok_none')}`;
}

async function call(kind: Kind, method: string, path: string): Promise<number> {
  const init: RequestInit = { method };
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    headers['content-type'] = path.endsWith('/upload') ? 'application/gzip' : 'application/json';
    init.body = path.endsWith('/upload') ? new Uint8Array(0) : '{}';
  }
  if (kind === 'token') headers.authorization = `Bearer ${env.aliceToken}`;
  if (kind === 'badToken') headers.authorization = 'Bearer pst_wrong';
  // A payment secret key opens no store route.
  if (kind === 'testKey') headers.authorization = `Bearer ${TEST_SECRET}`;
  init.headers = headers;
  const signedIn: Partial<Record<Kind, TestBrowser>> = { user, developer: env.alice, admin: env.owner };
  const browser = signedIn[kind];
  const res = browser
    ? await browser.request(path, init)
    : await fetch(`${env.server.url}${path}`, { ...init, headers: { ...headers, origin: env.server.url } });
  await res.arrayBuffer();
  return res.status;
}

describe('store route table', () => {
  it('documents every store operation with its access, an operationId and its 4xx answers', async () => {
    const doc = await storeDoc();
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
    for (const [route, access] of Object.entries(EXPECTED)) {
      const [method = 'GET', path = ''] = route.split(' ');
      for (const [kind, want] of Object.entries(GATE[access]) as Array<[Kind, 401 | 403 | 'in']>) {
        const status = await call(kind, method, concrete(path));
        const ok = want === 'in' ? status !== 401 && status !== 403 && status < 500 : status === want;
        if (!ok) misses.push(`${route} as ${kind}: ${status}, expected ${want}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it("shows another developer none of Alice's own application routes", async () => {
    for (const [route, body] of [
      ['GET /developer/blocklets/{did}', undefined],
      ['PUT /developer/blocklets/{did}', {}],
      ['PUT /developer/blocklets/{did}/request-review', { version: '1.0.0' }],
      ['GET /blocklets/{did}/comments', undefined],
      ['POST /blocklets/{did}/comments', { version: '1.0.0', body: 'hello' }],
    ] as const) {
      const [method = 'GET', path = ''] = route.split(' ');
      const init: RequestInit = body ? { method, body: JSON.stringify(body) } : {};
      const res = await env.bob.request(concrete(path), init);
      expect(res.status, route).toBe(404);
      await res.arrayBuffer();
    }
    // Nor with his access token: the review actions the CLI calls answer 404 for an app not his.
    for (const action of ['request-review', 'cancel-review']) {
      const res = await fetch(`${env.server.url}${concrete(`/developer/blocklets/{did}/${action}`)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${env.bobToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: '1.0.0' }),
      });
      expect(res.status, action).toBe(404);
      await res.arrayBuffer();
    }
  });
});
