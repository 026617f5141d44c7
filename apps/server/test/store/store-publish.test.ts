import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../support/identity.js';
import type { TestServer } from '../support/server.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { code, bundleOf, json, put, randomDid, sha512, upload } from './store-support.js';

// Publishing end to end over HTTP: token, upload, review, listing, download; review order and types.
let env: StoreEnv;
let server: TestServer;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceToken: string;

beforeAll(async () => {
  env = await startStoreEnv();
  ({ server, owner, alice, bob, aliceToken } = env);
});
afterAll(() => env?.stop());

const review = (did: string, version: string, action: string, extra: Record<string, unknown> = {}) =>
  env.review(did, version, action, extra);
const requestReview = (did: string, version: string) => env.requestReview(did, version);
const publishedApp = (name: string, reviewType: 'first' | 'each') => env.publishedApp(name, reviewType);

describe('publishing through review', () => {
  it('token → upload → review request → approve → listed → byte-identical download', async () => {
    const did = randomDid();
    const bundle = bundleOf({ did, name: 'clock-widget', version: '1.0.0', title: 'Clock Widget' });
    const uploaded = await upload(server.url, aliceToken, bundle);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      did,
      version: '1.0.0',
      status: 'uploaded',
      sha512: sha512(bundle),
    });
    const tokens = await json<{ dataList: Array<{ last_used_at: string | null }> }>(
      await alice.get('/api/developer/access-tokens'),
    );
    expect(tokens.body.dataList[0]?.last_used_at).not.toBeNull();

    // A draft is the owner's and the admins' only.
    const file = `/api/blocklets/${did}/1.0.0/clock-widget-1.0.0.tgz`;
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/blocklet.json`))).toBe(404);
    expect(await code(bob.get(`/api/blocklets/${did}/blocklet.json`))).toBe(404);
    expect(await code(fetch(`${server.url}${file}`))).toBe(404);
    expect(await code(bob.get(file))).toBe(404);
    expect(await code(alice.get(file))).toBe(200);
    expect(await code(owner.get(`/api/blocklets/${did}/blocklet.json`))).toBe(200);

    expect(await code(requestReview(did, '1.0.0'))).toBe(200);
    const queue = await json<{ dataList: Array<{ did: string; review_status: string }> }>(
      await owner.get('/api/console/blocklets?filter=review'),
    );
    expect(queue.body.dataList.find((b) => b.did === did)?.review_status).toBe('pending_review');
    expect(await code(review(did, '1.0.0', 'start'))).toBe(200);
    expect(
      (await put(owner, `/api/console/blocklets/${did}/review`, { version: '1.0.0', action: 'approve' }))
        .status,
    ).toBe(200);

    const list = await json<{ dataList: Array<{ did: string; version: string }> }>(
      await fetch(`${server.url}/api/blocklets.json`),
    );
    expect(list.body.dataList.find((b) => b.did === did)?.version).toBe('1.0.0');
    const download = await fetch(`${server.url}${file}`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(bundle)).toBe(true);
    expect(sha512(bytes)).toBe(uploaded.body.sha512);
    const detail = await json<{ downloads: number; title: string }>(
      await fetch(`${server.url}/api/blocklets/${did}/blocklet.json`),
    );
    expect(detail.body).toMatchObject({ downloads: 1, title: 'Clock Widget' });
    const daily = await json<{ total: number; dataList: Array<{ count: number }> }>(
      await fetch(`${server.url}/api/blocklets/${did}/downloads`),
    );
    expect(daily.body).toMatchObject({ total: 1, dataList: [{ count: 1 }] });

    const versions = await json<{ dataList: Array<{ status: string }> }>(
      await alice.get(`/api/developer/blocklets/${did}`).then((r) => r),
    );
    expect(versions.status).toBe(200);
    const thread = await json<{ dataList: Array<{ action: string }> }>(
      await alice.get(`/api/blocklets/${did}/comments`),
    );
    expect(thread.body.dataList.map((c) => c.action)).toEqual(['request', 'start', 'approve', 'publish']);
    // Each party hears of the other's steps: the admins of the request, the developer of the decision.
    const bell = async (b: TestBrowser) =>
      json<{ list: Array<{ title: string }> }>(
        await b.get('/.well-known/service/api/user/notifications'),
      ).then((r) => r.body.list.map((n) => n.title));
    expect(await bell(owner)).toContain('Review requested / 已申请审核: Clock Widget 1.0.0');
    expect(await bell(alice)).toEqual(
      expect.arrayContaining([
        'Review started / 审核已开始: Clock Widget 1.0.0',
        'Version approved and published / 版本已通过审核并发布: Clock Widget 1.0.0',
      ]),
    );
  });

  it('refuses review transitions out of order and keeps rejection and cancellation final', async () => {
    const did = randomDid();
    await upload(server.url, aliceToken, bundleOf({ did, name: 'order-app', version: '1.0.0' }));
    expect(await code(review(did, '1.0.0', 'start'))).toBe(409);
    expect(await code(review(did, '1.0.0', 'approve'))).toBe(409);
    expect(await code(requestReview(did, '1.0.0'))).toBe(200);
    expect(await code(review(did, '1.0.0', 'approve'))).toBe(409);
    expect(await code(review(did, '1.0.0', 'reject'))).toBe(409);
    // The developer cannot act as reviewer, nor a reviewer as developer.
    expect(
      (await put(alice, `/api/console/blocklets/${did}/review`, { version: '1.0.0', action: 'start' }))
        .status,
    ).toBe(403);
    expect(await code(review(did, '1.0.0', 'start'))).toBe(200);
    expect(await code(review(did, '1.0.0', 'start'))).toBe(409);
    expect(await code(review(did, '1.0.0', 'reject', { reason: 'Crashes at start' }))).toBe(200);
    expect(await code(requestReview(did, '1.0.0'))).toBe(409);
    expect(
      await code(put(alice, `/api/developer/blocklets/${did}/cancel-review`, { version: '1.0.0' })),
    ).toBe(409);
    expect(await code(review(did, '1.0.0', 'approve'))).toBe(409);
    const zh = await json<{ error: { code: string; message: string } }>(
      await put(alice, `/api/developer/blocklets/${did}/request-review?locale=zh`, { version: '1.0.0' }),
    );
    expect(zh.body.error).toMatchObject({
      code: 'review_transition_invalid',
      message: '版本 1.0.0 当前状态为 rejected，不能执行 request',
    });

    // A higher version can be uploaded, requested and cancelled; cancelled is final.
    await upload(server.url, aliceToken, bundleOf({ did, name: 'order-app', version: '1.0.1' }));
    expect(await code(requestReview(did, '1.0.1'))).toBe(200);
    expect(
      await code(put(alice, `/api/developer/blocklets/${did}/cancel-review`, { version: '1.0.1' })),
    ).toBe(200);
    expect(await code(requestReview(did, '1.0.1'))).toBe(409);
    expect(await code(review(did, '1.0.1', 'start'))).toBe(409);
  });

  it('review type first publishes the next version at upload; each reviews it again', async () => {
    const first = await publishedApp('first-app', 'first');
    const second = await upload(
      server.url,
      aliceToken,
      bundleOf({ did: first, name: 'first-app', version: '1.1.0' }),
    );
    expect(second.body.status).toBe('published');
    const shown = await json<{ version: string }>(
      await fetch(`${server.url}/api/blocklets/${first}/blocklet.json`),
    );
    expect(shown.body.version).toBe('1.1.0');

    const each = await publishedApp('each-app', 'each');
    const next = await upload(
      server.url,
      aliceToken,
      bundleOf({ did: each, name: 'each-app', version: '1.1.0' }),
    );
    expect(next.body.status).toBe('uploaded');
    const still = await json<{ version: string }>(
      await fetch(`${server.url}/api/blocklets/${each}/blocklet.json`),
    );
    expect(still.body.version).toBe('1.0.0');
    expect(await code(fetch(`${server.url}/api/blocklets/${each}/1.1.0/each-app-1.1.0.tgz`))).toBe(404);
  });

  it('publishes at upload when the store review setting is off', async () => {
    expect(await code(put(alice, '/api/console/settings', { reviewRequired: false }))).toBe(403);
    expect(await code(put(owner, '/api/console/settings', { reviewRequired: false }))).toBe(200);
    try {
      const did = randomDid();
      const res = await upload(
        server.url,
        aliceToken,
        bundleOf({ did, name: 'no-review-app', version: '0.1.0' }),
      );
      expect(res.body.status).toBe('published');
      expect(await code(fetch(`${server.url}/api/blocklets/${did}/0.1.0/no-review-app-0.1.0.tgz`))).toBe(200);
    } finally {
      await put(owner, '/api/console/settings', { reviewRequired: true });
    }
  });

  it('hides a private application from everyone but its owner and the admins', async () => {
    const did = await publishedApp('private-app', 'each');
    expect(await code(put(alice, `/api/developer/blocklets/${did}`, { permission: 'private' }))).toBe(200);
    const file = `/api/blocklets/${did}/1.0.0/private-app-1.0.0.tgz`;
    for (const path of [`/api/blocklets/${did}/blocklet.json`, `/api/blocklets/${did}/versions`, file]) {
      expect(await code(fetch(`${server.url}${path}`))).toBe(404);
      expect(await code(bob.get(path))).toBe(404);
      expect(await code(alice.get(path))).toBe(200);
      expect(await code(owner.get(path))).toBe(200);
    }
    const list = await json<{ dataList: Array<{ did: string }> }>(
      await fetch(`${server.url}/api/blocklets.json`),
    );
    expect(list.body.dataList.some((b) => b.did === did)).toBe(false);
  });

  it('ignores x-user-* headers: a guest claiming to be admin is still a guest', async () => {
    const res = await fetch(`${server.url}/api/console/blocklets`, {
      headers: { 'x-user-did': 'z1anything', 'x-user-role': 'admin' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the command-line tool', () => {
  it('tells whoami, uploads on its path with its sha512 and reads the status by token', async () => {
    const who = await json<{ did: string; tokenName: string }>(
      await fetch(`${server.url}/api/developer/whoami`, {
        headers: { authorization: `Bearer ${aliceToken}` },
      }),
    );
    expect(who.body).toMatchObject({ did: (await alice.session())?.did, tokenName: 'cli' });
    const did = randomDid();
    const bundle = bundleOf({ did, name: 'cli-app', version: '1.0.0' });
    const sent = await upload(
      server.url,
      aliceToken,
      bundle,
      { 'x-bundle-sha512': sha512(bundle) },
      '/api/developer/blocklets/upload',
    );
    expect(sent.body).toMatchObject({ status: 'uploaded', did });
    const status = await json<{ status: string; versions: Array<{ version: string; status: string }> }>(
      await fetch(`${server.url}/api/developer/blocklets/${did}`, {
        headers: { authorization: `Bearer ${aliceToken}` },
      }),
    );
    expect(status.body).toMatchObject({
      status: 'normal',
      versions: [{ version: '1.0.0', status: 'draft' }],
    });
  });
});

describe('the developer pages', () => {
  it('upload with the session cookie from our own origin, never from another', async () => {
    const did = randomDid();
    const body = new Uint8Array(bundleOf({ did, name: 'web-app', version: '1.0.0' }));
    const headers = { 'content-type': 'application/gzip' };
    const foreign = await alice.request('/api/developer/blocklets/upload', {
      method: 'POST',
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(await code(foreign)).toBe(403);
    const sent = await alice.request('/api/developer/blocklets/upload', { method: 'POST', body, headers });
    expect(await json(sent)).toMatchObject({ status: 200, body: { status: 'uploaded' } });
    const mine = await json<{ source: string }>(await alice.get(`/api/developer/blocklets/${did}`));
    expect(mine.body.source).toBe('web');
  });
});
