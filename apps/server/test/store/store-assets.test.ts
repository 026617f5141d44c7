import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../src/store/demo/png.js';
import { tgz } from '../../src/store/demo/tar.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { code, put, randomDid, upload } from './store-support.js';

let env: StoreEnv;
beforeAll(async () => {
  env = await startStoreEnv();
});
afterAll(async () => {
  await env?.stop();
});

const PNG = demoPng(8, 8, [0, 0, 255], [255, 0, 0]);
// A JPEG is recognised by its first bytes: served as image/jpeg whatever its name.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
const README = [
  '# Hello',
  '',
  '<script>alert("readme")</script>',
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '![pixel](data:image/png;base64,AAAA)',
  '[docs](https://example.com/docs)',
].join('\n\n');

function bundle(did: string, name: string) {
  const manifest = {
    did,
    name,
    version: '1.0.0',
    title: name,
    description: `The ${name} application`,
    logo: 'media/logo.png',
    screenshots: ['media/one.jpg', 'media/two.png'],
    readme: 'README.md',
  };
  return tgz([
    { name: 'blocklet.json', content: JSON.stringify(manifest) },
    { name: 'README.md', content: README },
    { name: 'media/logo.png', content: PNG },
    { name: 'media/one.jpg', content: JPEG },
    { name: 'media/two.png', content: PNG },
  ]);
}

const assets = (did: string) => `/api/blocklets/${did}/1.0.0/assets`;
const anon = (path: string) => fetch(`${env.server.url}${path}`);

describe('application assets from our origin', () => {
  it('serves a published app’s logo and screenshots as the image types their bytes show, with safe headers', async () => {
    const did = randomDid();
    const up = await upload(env.server.url, env.aliceToken, bundle(did, 'asset-public'));
    expect(up.body.status).toBe('uploaded');
    expect(await code(env.requestReview(did, '1.0.0'))).toBe(200);
    expect(await code(env.review(did, '1.0.0', 'start'))).toBe(200);
    expect(await code(env.review(did, '1.0.0', 'approve', { reviewType: 'first' }))).toBe(200);

    const logo = await anon(`${assets(did)}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    const first = await anon(`${assets(did)}/screenshots/0`);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await first.arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await anon(`${assets(did)}/screenshots/1`)).headers.get('content-type')).toBe('image/png');
    expect((await anon(`${assets(did)}/screenshots/2`)).status).toBe(404);
    expect((await anon(`${assets(did)}/screenshots/-1`)).status).toBe(400);
  });

  it('renders the README as sanitised HTML: raw HTML shown as text, no script or javascript:/data: URL', async () => {
    await put(env.owner, '/api/console/settings', { reviewRequired: false });
    const did2 = randomDid();
    const up = await upload(env.server.url, env.aliceToken, bundle(did2, 'asset-readme-two'));
    await put(env.owner, '/api/console/settings', { reviewRequired: true });
    expect(up.body.status).toBe('published');
    const res = await anon(`${assets(did2)}/readme`);
    expect(res.status).toBe(200);
    const { html } = (await res.json()) as { html: string };
    expect(html).toContain('<h3>Hello</h3>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|<img|\son\w+="|href="(?!https:)|src="/i);
    expect(html).toContain('href="https://example.com/docs"');
  });

  it('hides a draft’s, a private app’s and a blocked app’s assets from everyone but the owner and admins', async () => {
    const draft = randomDid();
    expect((await upload(env.server.url, env.aliceToken, bundle(draft, 'asset-draft'))).body.status).toBe(
      'uploaded',
    );
    for (const path of [
      `${assets(draft)}/logo`,
      `${assets(draft)}/screenshots/0`,
      `${assets(draft)}/readme`,
    ]) {
      expect((await anon(path)).status).toBe(404);
      expect((await env.bob.request(path)).status).toBe(404);
    }
    const own = await env.alice.request(`${assets(draft)}/logo`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await env.owner.request(`${assets(draft)}/readme`)).status).toBe(200);

    const did = await env.publishedApp('asset-hidden', 'first');
    // The app has no logo: 404, not an error.
    expect((await anon(`/api/blocklets/${did}/1.0.0/assets/logo`)).status).toBe(404);
    expect((await anon(`/api/blocklets/${did}/1.0.0/assets/readme`)).status).toBe(200);
    expect(await code(put(env.alice, `/api/developer/blocklets/${did}`, { permission: 'private' }))).toBe(
      200,
    );
    expect((await anon(`/api/blocklets/${did}/1.0.0/assets/readme`)).status).toBe(404);
    expect((await env.alice.request(`/api/blocklets/${did}/1.0.0/assets/readme`)).status).toBe(200);
    expect(await code(put(env.alice, `/api/developer/blocklets/${did}`, { permission: 'public' }))).toBe(200);
    expect(await code(put(env.owner, `/api/console/blocklets/${did}/block`, { reason: 'spam' }))).toBe(200);
    expect((await anon(`/api/blocklets/${did}/1.0.0/assets/readme`)).status).toBe(404);
    expect((await env.owner.request(`/api/blocklets/${did}/1.0.0/assets/readme`)).status).toBe(200);
  });
});
