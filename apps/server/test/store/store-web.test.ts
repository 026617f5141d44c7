import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { bundleOf, code, json, randomDid } from './store-support.js';

// What the developer page does with the session cookie: create an application, then upload its bundle.
let env: StoreEnv;

beforeAll(async () => {
  env = await startStoreEnv();
});
afterAll(() => env?.stop());

type Owned = { did: string; name: string; versions: Array<{ version: string; status: string }> };

describe('creating an application from the web', () => {
  it('creates an unlisted application with an assigned DID, then takes its first bundle by session', async () => {
    const created = await json<Owned>(await env.alice.post('/api/developer/blocklets', { name: 'web-made' }));
    expect(created.status).toBe(201);
    expect(created.body.did).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/);
    expect(created.body.versions).toEqual([]);

    const mine = await json<{ dataList: Owned[] }>(await env.alice.get('/api/developer/blocklets'));
    expect(mine.body.dataList.map((b) => b.name)).toContain('web-made');
    // Not in the public list before a version is published.
    const listed = await json<{ dataList: Array<{ name: string }> }>(
      await env.alice.get('/api/blocklets.json'),
    );
    expect(listed.body.dataList.map((b) => b.name)).not.toContain('web-made');

    const bundle = bundleOf({ did: created.body.did, name: 'web-made', version: '1.0.0' });
    const uploaded = await env.alice.request('/api/developer/blocklets/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: new Uint8Array(bundle),
    });
    expect(uploaded.status).toBe(200);
    const after = await json<Owned>(await env.alice.get(`/api/developer/blocklets/${created.body.did}`));
    expect(after.body.versions.map((v) => [v.version, v.status])).toEqual([['1.0.0', 'draft']]);
  });

  it('refuses a bad name, a taken name or DID, a guest and a user without a developer passport (the owner needs none)', async () => {
    const bad = await json<{ error: { param?: string } }>(
      await env.alice.post('/api/developer/blocklets', { name: 'no spaces!' }),
    );
    expect(bad.status).toBe(400);
    expect(await code(env.alice.post('/api/developer/blocklets', { name: 'x' }))).toBe(400);

    const did = randomDid();
    expect(await code(env.alice.post('/api/developer/blocklets', { name: 'first-one', did }))).toBe(201);
    const taken = await json<{ error: { code: string } }>(
      await env.bob.post('/api/developer/blocklets', { name: 'first-one' }),
    );
    expect([taken.status, taken.body.error.code]).toEqual([409, 'name_taken']);
    const didTaken = await json<{ error: { code: string } }>(
      await env.bob.post('/api/developer/blocklets', { name: 'second-one', did }),
    );
    expect([didTaken.status, didTaken.body.error.code]).toEqual([409, 'did_taken']);

    const guest = await fetch(`${env.server.url}/api/developer/blocklets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.server.url },
      body: JSON.stringify({ name: 'guest-app' }),
    });
    expect(guest.status).toBe(401);
    await guest.arrayBuffer();
    // A signed-in user without a developer passport may not publish; the owner needs none.
    const carol = new TestBrowser(env.server.url);
    await signIn(carol, newWallet('Carol Example', 'carol@example.com'));
    expect(await code(carol.post('/api/developer/blocklets', { name: 'carol-app' }))).toBe(403);
    expect(await code(env.owner.post('/api/developer/blocklets', { name: 'owner-app' }))).toBe(201);
  });
});
