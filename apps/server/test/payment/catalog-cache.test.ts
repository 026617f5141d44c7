import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { clientFor, createPrice, createProduct, seedCurrency, TEST_SECRET, type Client } from './support.js';

// The catalog (products, prices, links, methods, keys) is kept in memory by each server process. Two
// processes on one database: A runs in this test, B is a separate OS process started as `npm start` does.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let a: TestServer;
let b: ChildServer;
let pool: pg.Pool;
let merchantA: Client;
let merchantB: Client;
let browserA: Client;
let browserB: Client;

beforeAll(async () => {
  db = await cloneTestDatabase();
  const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET };
  [a, b] = await Promise.all([startTestServer(db.url, env), startChildServer(db.url, env)]);
  pool = new pg.Pool({ connectionString: db.url });
  merchantA = clientFor(a.url, TEST_SECRET);
  merchantB = clientFor(b.url, TEST_SECRET);
  browserA = clientFor(a.url, null);
  browserB = clientFor(b.url, null);
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await b?.stop();
  await a?.stop();
  await db?.drop();
});

async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A session of one price of a fresh product; answers ids. */
async function checkout() {
  const { currencyId } = await seedCurrency(merchantA);
  const productId = await createProduct(merchantA, { name: 'Old name' });
  const priceId = await createPrice(merchantA, currencyId, productId, { unit_amount: '1000000' });
  const session = await merchantA('POST', '/checkout-sessions', {
    body: { line_items: [{ price_id: priceId, quantity: 1 }] },
  });
  expect(session.status).toBe(200);
  return { productId, priceId, sessionId: String(session.body.id) };
}

type View = {
  checkoutSession: { line_items: Array<{ price: { nickname: string | null; product: { name: string } } }> };
};
const productName = (body: unknown) => (body as View).checkoutSession.line_items[0]?.price.product.name;
const nickname = (body: unknown) => (body as View).checkoutSession.line_items[0]?.price.nickname;
const retrieve = (client: Client, id: string) =>
  client('GET', `/checkout-sessions/retrieve/${id}`, { query: { livemode: 'false' } });

// The checkout page's retrieve keeps sessions in memory too (payment/checkout/session-cache.ts); each
// committed session change is announced by a trigger and evicts that session in every process.
type SessionView = { checkoutSession: { metadata: Record<string, string>; status: string } };
const sessionOf = (body: unknown) => (body as SessionView).checkoutSession;

describe('session cache', () => {
  it('shows a session changed through the API in one process in the other within a bounded time', async () => {
    const { sessionId } = await checkout();
    for (const client of [browserA, browserB]) {
      expect(sessionOf((await retrieve(client, sessionId)).body).metadata).toEqual({});
    }
    const updated = await merchantB('PUT', `/checkout-sessions/${sessionId}`, {
      body: { metadata: { order: 'B-1' } },
    });
    expect(updated.status).toBe(200);
    // The writing process reads its own change at once.
    expect(sessionOf((await retrieve(browserB, sessionId)).body).metadata).toEqual({ order: 'B-1' });
    const started = Date.now();
    const seenByA = await eventually(
      async () => sessionOf((await retrieve(browserA, sessionId)).body).metadata,
      (m) => m.order === 'B-1',
      5_000,
    );
    expect(seenByA).toEqual({ order: 'B-1' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('shows a session changed in SQL (a job, another tool) in both processes', async () => {
    const { sessionId } = await checkout();
    for (const client of [browserA, browserB]) {
      expect(sessionOf((await retrieve(client, sessionId)).body).status).toBe('open');
    }
    await pool.query(`UPDATE checkout_sessions SET status = 'expired' WHERE id = $1`, [sessionId]);
    for (const client of [browserA, browserB]) {
      const status = await eventually(
        async () => sessionOf((await retrieve(client, sessionId)).body).status,
        (s) => s === 'expired',
        5_000,
      );
      expect(status).toBe('expired');
    }
  });

  it('keeps serving what it read while nothing is announced (the cache is in use)', async () => {
    const { sessionId } = await checkout();
    expect(sessionOf((await retrieve(browserA, sessionId)).body).metadata).toEqual({});
    // With triggers off for this connection the change is not announced: process A still shows the
    // row it read. This is what a stale entry looks like; what it may never do is decide an amount
    // (checkout-cache-money.test.ts).
    const client = await pool.connect();
    try {
      await client.query(`SET session_replication_role = replica`);
      await client.query(`UPDATE checkout_sessions SET metadata = '{"quiet":"1"}' WHERE id = $1`, [
        sessionId,
      ]);
      await client.query(`SET session_replication_role = origin`);
    } finally {
      client.release();
    }
    expect(sessionOf((await retrieve(browserA, sessionId)).body).metadata).toEqual({});
    // Any announced change of the row brings the current one back.
    await pool.query(`UPDATE checkout_sessions SET updated_at = now() WHERE id = $1`, [sessionId]);
    const seen = await eventually(
      async () => sessionOf((await retrieve(browserA, sessionId)).body).metadata,
      (m) => m.quiet === '1',
      5_000,
    );
    expect(seen).toEqual({ quiet: '1' });
  });
});

describe('catalog cache', () => {
  it('shows a product renamed through the API at once in the same process, and soon in the other', async () => {
    const { productId, sessionId } = await checkout();
    // Both processes have read (and cached) the product.
    expect(productName((await retrieve(browserA, sessionId)).body)).toBe('Old name');
    expect(productName((await retrieve(browserB, sessionId)).body)).toBe('Old name');

    expect((await merchantA('PUT', `/products/${productId}`, { body: { name: 'New name' } })).status).toBe(
      200,
    );
    expect(productName((await retrieve(browserA, sessionId)).body)).toBe('New name');
    const seenByB = await eventually(
      async () => productName((await retrieve(browserB, sessionId)).body),
      (name) => name === 'New name',
    );
    expect(seenByB).toBe('New name');
  });

  it('shows a price changed in the other process', async () => {
    const { priceId, sessionId } = await checkout();
    expect(nickname((await retrieve(browserA, sessionId)).body)).toBeNull();
    expect((await merchantB('PUT', `/prices/${priceId}`, { body: { nickname: 'Launch' } })).status).toBe(200);
    expect(nickname((await retrieve(browserB, sessionId)).body)).toBe('Launch');
    const seenByA = await eventually(
      async () => nickname((await retrieve(browserA, sessionId)).body),
      (n) => n === 'Launch',
    );
    expect(seenByA).toBe('Launch');
  });

  it('drops what changed in the database outside the API (stock counting, manual SQL)', async () => {
    const { productId, sessionId } = await checkout();
    expect(productName((await retrieve(browserA, sessionId)).body)).toBe('Old name');
    await pool.query(`UPDATE products SET name = 'Renamed in SQL' WHERE id = $1`, [productId]);
    for (const client of [browserA, browserB]) {
      const name = await eventually(
        async () => productName((await retrieve(client, sessionId)).body),
        (n) => n === 'Renamed in SQL',
      );
      expect(name).toBe('Renamed in SQL');
    }
  });

  it('refuses a key revoked in the database in both processes', async () => {
    const created = await pool.query<{ id: string }>(
      `SELECT id FROM api_keys WHERE name = 'PAYMENT_TEST_SECRET_KEY' LIMIT 1`,
    );
    expect(created.rows).toHaveLength(1);
    // The env key cannot be revoked through the API; a key revoked in the database must stop working.
    expect((await merchantA('GET', '/products')).status).toBe(200);
    expect((await merchantB('GET', '/products')).status).toBe(200);
    await pool.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [created.rows[0]?.id]);
    for (const client of [merchantA, merchantB]) {
      const status = await eventually(
        async () => (await client('GET', '/products')).status,
        (s) => s === 401,
      );
      expect(status).toBe(401);
    }
  });
});
