import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../support/identity.js';
import type { TestServer } from '../support/server.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { bundleOf, code, json, randomDid, sha512, upload } from './store-support.js';

// Paid applications are not sold yet: a priced app's bundle goes to its developer and the admins only.
// The store's owner and admins publish without a developer passport.
let env: StoreEnv;
let server: TestServer;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;

beforeAll(async () => {
  env = await startStoreEnv();
  ({ server, owner, alice, bob } = env);
});
afterAll(() => env?.stop());

describe('a priced application before paid apps are sold', () => {
  it('serves its bundle to its developer and the admins only, whoever else asks', async () => {
    const did = randomDid();
    const bundle = bundleOf({
      did,
      name: 'paid-widget',
      version: '1.0.0',
      price: { amount: '9.99', currency: 'TUSD' },
    });
    expect((await upload(server.url, env.aliceToken, bundle)).status).toBe(200);
    expect(await code(env.requestReview(did, '1.0.0'))).toBe(200);
    expect(await code(env.review(did, '1.0.0', 'start'))).toBe(200);
    expect(await code(env.review(did, '1.0.0', 'approve', { reviewType: 'first' }))).toBe(200);

    // Listed, with its price, for everyone to see.
    const detail = await json<{ price: unknown }>(
      await fetch(`${server.url}/api/blocklets/${did}/blocklet.json`),
    );
    expect(detail.body.price).toEqual({ amount: '9.99', currency: 'TUSD' });

    const file = `/api/blocklets/${did}/1.0.0/paid-widget-1.0.0.tgz`;
    const anonymous = await json<{ error: { code: string; message: string } }>(
      await fetch(`${server.url}${file}`),
    );
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error.code).toBe('not_for_sale');
    expect(anonymous.body.error.message).toMatch(/not for sale yet/);
    expect(await code(bob.get(file))).toBe(403);

    for (const allowed of [alice, owner]) {
      const res = await allowed.get(file);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(sha512(Buffer.from(await res.arrayBuffer()))).toBe(sha512(bundle));
    }
    // The listing's page still shows its logo and README to anyone.
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/1.0.0/assets/readme`))).toBe(200);
  });

  it('lets the owner create an access token and upload without a developer passport', async () => {
    const created = await owner.post('/api/developer/access-tokens', { name: 'owner-cli' });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const did = randomDid();
    const uploaded = await upload(server.url, secret, bundleOf({ did, name: 'owner-app', version: '1.0.0' }));
    expect(uploaded.status).toBe(200);
    expect(await code(owner.get('/api/developer/blocklets'))).toBe(200);
  });
});
