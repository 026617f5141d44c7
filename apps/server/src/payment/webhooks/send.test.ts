import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './send.js';

let server: http.Server;
let base = '';
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2000).unref();
    } else if (req.url === '/big') {
      res.end(`${'é'.repeat(50_000)}\u0000`);
    } else {
      res.end(`got ${req.headers['x-test'] ?? ''}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('sendWebhook', () => {
  it('posts the body with the given headers and reads the answer', async () => {
    const r = await sendWebhook(`${base}/ok`, '{}', { 'x-test': 'yes' }, { allowPrivate: true });
    expect(r).toMatchObject({ ok: true, status: 200, body: 'got yes', error: null });
  });

  it('does not follow a redirect', async () => {
    const before = hits;
    const r = await sendWebhook(`${base}/redirect`, '{}', {}, { allowPrivate: true });
    expect(r).toMatchObject({ ok: false, status: 302 });
    expect(r.error).toContain('not followed');
    expect(hits).toBe(before + 1);
  });

  it('gives up after the timeout', async () => {
    const r = await sendWebhook(`${base}/slow`, '{}', {}, { allowPrivate: true, timeoutMs: 200 });
    expect(r).toMatchObject({ ok: false, status: null, error: 'timed out after 200 ms' });
    expect(r.durationMs).toBeLessThan(1500);
  });

  it('keeps at most 2048 characters of a large answer, storable as text', async () => {
    const r = await sendWebhook(`${base}/big`, '{}', {}, { allowPrivate: true });
    expect(r.ok).toBe(true);
    expect(r.body).toHaveLength(2048);
    expect(r.body).not.toContain('\u0000');
  });

  it('refuses a private address without connecting when private addresses are not allowed', async () => {
    const before = hits;
    const r = await sendWebhook(`${base}/ok`, '{}', {}, { allowPrivate: false });
    expect(r).toMatchObject({ ok: false, status: null });
    expect(r.error).toContain('private');
    expect(hits).toBe(before);
  });

  it('refuses other protocols', async () => {
    const r = await sendWebhook('file:///etc/passwd', '{}', {}, { allowPrivate: true });
    expect(r).toMatchObject({ ok: false, error: 'only http and https URLs are allowed' });
  });
});
