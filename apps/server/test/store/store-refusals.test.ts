import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../support/identity.js';
import type { TestServer } from '../support/server.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import {
  bundleFiles,
  bundleOf,
  code,
  json,
  put,
  randomDid,
  rowCounts,
  sha512,
  upload,
} from './store-support.js';

// Every refused upload answers a clear 4xx and leaves no bundle file and no row behind.
let env: StoreEnv;
let server: TestServer;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  env = await startStoreEnv();
  ({ server, owner, alice, bob, aliceToken, bobToken } = env);
});
afterAll(() => env?.stop());

const publishedApp = (name: string, reviewType: 'first' | 'each') => env.publishedApp(name, reviewType);

describe('refused uploads leave no file and no row', () => {
  async function expectRefused(
    send: () => Promise<{ status: number; body: { error?: { code: string } } }>,
    status: number,
    code: string,
  ) {
    const [files, rows] = [await bundleFiles(server), await rowCounts(server)];
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
    expect(await bundleFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
  }

  it('refuses a version not greater than the latest', async () => {
    const did = await publishedApp('versioned-app', 'first');
    await expectRefused(
      () => upload(server.url, aliceToken, bundleOf({ did, name: 'versioned-app', version: '1.0.0' })),
      409,
      'version_not_greater',
    );
    await expectRefused(
      () => upload(server.url, aliceToken, bundleOf({ did, name: 'versioned-app', version: '0.9.9' })),
      409,
      'version_not_greater',
    );
    // Told by the headers, the refusal comes before the body is read.
    await expectRefused(
      () =>
        upload(server.url, aliceToken, bundleOf({ did, name: 'versioned-app', version: '0.9.0' }), {
          'blocklet-did': did,
          'blocklet-version': '0.9.0',
        }),
      409,
      'version_not_greater',
    );
  });

  it('refuses a bundle that does not match the sha512 the CLI computed', async () => {
    const bundle = bundleOf({ did: randomDid(), name: 'tampered-app', version: '1.0.0' });
    await expectRefused(
      () => upload(server.url, aliceToken, bundle, { 'x-bundle-sha512': sha512(Buffer.from('other')) }),
      400,
      'sha512_mismatch',
    );
  });

  it('refuses a blocked application until it is unblocked', async () => {
    const did = await publishedApp('blocked-app', 'first');
    expect(await code(put(owner, `/api/console/blocklets/${did}/block`, { reason: 'Malware' }))).toBe(200);
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/blocklet.json`))).toBe(404);
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/1.0.0/blocked-app-1.0.0.tgz`))).toBe(404);
    await expectRefused(
      () => upload(server.url, aliceToken, bundleOf({ did, name: 'blocked-app', version: '2.0.0' })),
      403,
      'blocklet_blocked',
    );
    expect(await code(put(owner, `/api/console/blocklets/${did}/unblock`, {}))).toBe(200);
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/blocklet.json`))).toBe(200);
  });

  it("refuses someone else's application", async () => {
    const did = await publishedApp('alices-app', 'first');
    await expectRefused(
      () => upload(server.url, bobToken, bundleOf({ did, name: 'alices-app', version: '9.0.0' })),
      403,
      'forbidden',
    );
    // Nor may Bob take Alice's name for another DID.
    await expectRefused(
      () =>
        upload(server.url, bobToken, bundleOf({ did: randomDid(), name: 'alices-app', version: '1.0.0' })),
      409,
      'name_taken',
    );
  });

  it('refuses a revoked, unknown or malformed token', async () => {
    const created = await json<{ id: string; secret: string }>(
      await bob.post('/api/developer/access-tokens', { name: 'temp' }),
    );
    expect(
      await code(alice.request(`/api/developer/access-tokens/${created.body.id}`, { method: 'DELETE' })),
    ).toBe(404);
    expect(
      await code(bob.request(`/api/developer/access-tokens/${created.body.id}`, { method: 'DELETE' })),
    ).toBe(200);
    const app = bundleOf({ did: randomDid(), name: 'token-app', version: '1.0.0' });
    await expectRefused(() => upload(server.url, created.body.secret, app), 401, 'unauthenticated');
    await expectRefused(() => upload(server.url, `pst_${'a'.repeat(40)}`, app), 401, 'unauthenticated');
    await expectRefused(() => upload(server.url, 'sk_test_nope', app), 401, 'unauthenticated');
  });

  it('refuses a developer whose passport was revoked, though the token is valid', async () => {
    const user = await bob.session();
    const passport = user?.passports.find((p) => p.role === 'developer');
    expect(
      (await owner.request(`/api/members/${user?.did}/passports/${passport?.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(200);
    await expectRefused(
      () => upload(server.url, bobToken, bundleOf({ did: randomDid(), name: 'bob-app', version: '1.0.0' })),
      403,
      'forbidden',
    );
  });

  it('refuses a bundle over the size limit, declared or streamed', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 1);
    await expectRefused(() => upload(server.url, aliceToken, big), 413, 'bundle_too_large');
    const [files, rows] = [await bundleFiles(server), await rowCounts(server)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/blocklets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceToken}`, 'content-type': 'application/gzip' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await bundleFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
  });
});
