import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from './support/database.js';
import { startTestServer, type TestServer } from './support/server.js';

// A build output as `vite build` leaves it: index.html, hashed assets with .br and .gz copies beside them.
const SCRIPT = `console.log(${JSON.stringify('checkout '.repeat(400))});`;
// Its cookie banner in each locale between markers (apps/web/build/cookieBanner.ts).
const page = (banner: string) => `<!doctype html><html><body><div id="root"></div>${banner}</body></html>`;
const INDEX = page(
  '<!--cookie-banner:en--><p>We use cookies</p><!--/cookie-banner:en-->' +
    '<!--cookie-banner:zh--><p>我们使用 Cookie</p><!--/cookie-banner:zh-->',
);

let dist: string;
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'payshelf-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const asset = path.join(dist, 'assets', 'CheckoutPage-AbC123.js');
  await writeFile(asset, SCRIPT);
  await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  db = await cloneTestDatabase();
  server = await startTestServer(db.url, { WEB_DIST_DIR: dist });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
  await rm(dist, { recursive: true, force: true });
});

/** node:http, not fetch: fetch would decode the body and hide what travelled. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('serving the web app', () => {
  const asset = () => `${server.url.replace('localhost', '127.0.0.1')}/assets/CheckoutPage-AbC123.js`;

  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const res = await get(asset(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await get(asset(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(asset(), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html on every load, on any client route', async () => {
    for (const route of ['/payment/checkout/pay/cs_123', '/index.html']) {
      const res = await get(`${server.url.replace('localhost', '127.0.0.1')}${route}`, {
        accept: 'text/html',
        'accept-encoding': 'identity',
      });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(page('<p>We use cookies</p>'));
    }
  });

  it('puts the cookie banner in the page in the visitor’s language until consent is answered, never in a frame', async () => {
    const html = async (headers: Record<string, string>, route = '/payment/checkout/pay/cs_123') => {
      const res = await get(`${server.url.replace('localhost', '127.0.0.1')}${route}`, {
        accept: 'text/html',
        'accept-encoding': 'identity',
        ...headers,
      });
      expect(res.headers.vary).toMatch(/cookie/i);
      return res.body.toString();
    };
    expect(await html({ 'accept-language': 'zh-CN,zh;q=0.9' })).toBe(page('<p>我们使用 Cookie</p>'));
    expect(await html({ 'accept-language': 'zh-CN' }, '/?locale=en')).toBe(page('<p>We use cookies</p>'));
    expect(await html({ cookie: 'nf_lang=zh' })).toBe(page('<p>我们使用 Cookie</p>'));
    expect(await html({ cookie: 'CookieConsent=true' })).toBe(page(''));
    expect(await html({ cookie: 'CookieConsent=false; nf_lang=zh' }, '/index.html')).toBe(page(''));
    expect(await html({ 'sec-fetch-dest': 'iframe' })).toBe(page(''));
  });

  it('answers unknown paths with the app (its 404 page) and status 404, and its own pages with 200', async () => {
    const at = (route: string) =>
      get(`${server.url.replace('localhost', '127.0.0.1')}${route}`, {
        accept: 'text/html',
        'accept-encoding': 'identity',
      });
    for (const route of [
      '/no-such-page',
      '/payment/no-such',
      '/payment',
      '/blocklets',
      '/customer',
      '/join',
    ]) {
      const res = await at(route);
      expect(res.status, route).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body.toString()).toBe(page('<p>We use cookies</p>'));
    }
    for (const route of [
      '/',
      '/search?q=x',
      '/blocklets/z8iZ/1.0.0',
      '/payment/admin/customers/cus_1',
      '/.well-known/service/user/',
    ]) {
      expect((await at(route)).status, route).toBe(200);
    }
    // API paths keep the JSON error shape.
    const api = await at('/api/no-such');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('keeps unhashed files (favicon) cacheable for a short while only', async () => {
    const res = await get(`${server.url.replace('localhost', '127.0.0.1')}/favicon.svg`, {});
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
