import { errorBody, hostInfo } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../src/app.js';
import { cloneTestDatabase } from './support/database.js';
import { startTestServer, type TestServer } from './support/server.js';
import { openSocket, socketUrl } from './support/socket.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('health', () => {
  it('answers /healthz and /readyz when the database is migrated', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('reports not ready when migrations are missing', async () => {
    const pool = server.server.services.database.pool;
    await pool.query('ALTER TABLE drizzle.__drizzle_migrations RENAME TO __drizzle_migrations_hidden');
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await pool.query('ALTER TABLE drizzle.__drizzle_migrations_hidden RENAME TO __drizzle_migrations');
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('/__blocklet__.js', () => {
  it('describes the mounted parts as JSON, readable from another origin', async () => {
    const res = await fetch(`${server.url}/__blocklet__.js?type=json`, {
      headers: { origin: 'https://other.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const info = hostInfo.parse(await res.json());
    const byName = Object.fromEntries(info.componentMountPoints.map((m) => [m.name, m]));
    expect(byName.payment?.mountPoint).toBe('/payment');
    expect(byName.store?.mountPoint).toBe('/');
    expect(info.prefix).toBe('/');
    expect(info.componentId).toBe(byName.store?.did);
  });

  it('serves a script for script-tag embedders', async () => {
    const res = await fetch(`${server.url}/__blocklet__.js`);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toMatch(/^window\.blocklet = \{/);
  });

  it('rejects an unknown type with the one error shape', async () => {
    const res = await fetch(`${server.url}/__blocklet__.js?type=xml`);
    expect(res.status).toBe(400);
    const body = errorBody.parse(await res.json());
    expect(body.error.param).toBe('type');
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404, never HTML', async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(errorBody.parse(await res.json()).error.type).toBe('not_found_error');
  });
});

describe('relay socket', () => {
  it('delivers a published event to a subscriber and refuses unknown topics', async () => {
    const socket = await openSocket(socketUrl(server.url, RELAY_SOCKET_PATH));
    await socket.next((m) => m.type === 'hello');
    socket.send({ type: 'subscribe', topic: 'secret:abc' });
    const refused = await socket.next((m) => m.type === 'error');
    expect(refused).toMatchObject({ code: 'forbidden', topic: 'secret:abc' });
    socket.send({ type: 'subscribe', topic: 'public:news' });
    await socket.next((m) => m.type === 'subscribed');
    await server.server.services.bus.publish('public:news', 'news.posted', { title: 'hello' });
    const event = await socket.next((m) => m.type === 'event');
    expect(event).toMatchObject({ topic: 'public:news', event: 'news.posted', data: { title: 'hello' } });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  });

  it('carries messages larger than a NOTIFY payload', async () => {
    const socket = await openSocket(socketUrl(server.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: 'public:big' });
    await socket.next((m) => m.type === 'subscribed');
    const big = 'x'.repeat(20_000);
    await server.server.services.bus.publish('public:big', 'big', { big });
    const event = await socket.next((m) => m.type === 'event');
    expect(event).toMatchObject({ data: { big } });
    socket.close();
  });
});
