import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../src/app.js';
import { registerMaintenanceJobs } from '../src/core/jobs/maintenance.js';
import { JobQueue } from '../src/core/jobs/queue.js';
import { cloneTestDatabase } from './support/database.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from './support/server.js';
import { openSocket, socketUrl } from './support/socket.js';

// Two server processes on one database: process A runs inside this test, process B is a separate
// OS process started exactly as `npm start` starts the server.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let a: TestServer;
let b: ChildServer;
let pool: pg.Pool;

beforeAll(async () => {
  db = await cloneTestDatabase();
  [a, b] = await Promise.all([startTestServer(db.url), startChildServer(db.url)]);
  pool = new pg.Pool({ connectionString: db.url });
}, 90_000);

afterAll(async () => {
  await pool?.end();
  const code = await b?.stop();
  await a?.stop();
  await db?.drop();
  expect(code).toBe(0);
});

async function runsOf(task: string, key: string | null) {
  const r = await pool.query<{ status: string; worker: string }>(
    'SELECT status, worker FROM job_runs WHERE task = $1 AND job_key IS NOT DISTINCT FROM $2',
    [task, key],
  );
  return r.rows;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two processes on one database', () => {
  it('both serve and are ready', async () => {
    for (const url of [a.url, b.url]) expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('runs a job enqueued twice with one key exactly once across both workers', async () => {
    // A third party (an API-only process) enqueues; both servers' workers compete for the job.
    const producer = new JobQueue(pool, pino({ level: 'silent' }));
    registerMaintenanceJobs(producer, pool);
    const key = `prune-${Date.now()}`;
    await Promise.all([
      producer.enqueue('platform:prune', {}, { key }),
      producer.enqueue('platform:prune', {}, { key }),
    ]);
    const runs = await waitFor(
      () => runsOf('platform:prune', key),
      (rows) => rows.some((r) => r.status === 'succeeded'),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe('succeeded');

    // Enqueued again after it finished: still once.
    await producer.enqueue('platform:prune', {}, { key });
    await waitFor(
      () => pool.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`, [key]),
      (r) => r.rows[0]?.n === 0,
    );
    expect(await runsOf('platform:prune', key)).toHaveLength(1);

    // Without a key, each enqueue is its own run.
    const before = (await runsOf('platform:prune', null)).length;
    await producer.enqueue('platform:prune', {});
    await producer.enqueue('platform:prune', {});
    const after = await waitFor(
      () => runsOf('platform:prune', null),
      (rows) => rows.filter((r) => r.status === 'succeeded').length >= before + 2,
    );
    expect(after.filter((r) => r.status === 'succeeded').length).toBe(before + 2);
  });

  it('delivers an event published on process A to a websocket client of process B', async () => {
    const socket = await openSocket(socketUrl(b.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: 'public:cluster' });
    await socket.next((m) => m.type === 'subscribed');
    await a.server.services.bus.publish('public:cluster', 'invoice.paid', { invoice: 'in_123' });
    const event = await socket.next((m) => m.type === 'event');
    expect(event).toMatchObject({
      topic: 'public:cluster',
      event: 'invoice.paid',
      data: { invoice: 'in_123' },
    });
    socket.close();
  });

  it('only delivers a transaction-scoped event when the transaction commits', async () => {
    const socket = await openSocket(socketUrl(b.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: 'public:tx' });
    await socket.next((m) => m.type === 'subscribed');
    const client = await a.server.services.database.pool.connect();
    try {
      await client.query('BEGIN');
      await a.server.services.bus.publish('public:tx', 'rolled.back', {}, client);
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await a.server.services.bus.publish('public:tx', 'committed', {}, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const event = await socket.next((m) => m.type === 'event');
    expect(event).toMatchObject({ event: 'committed' });
    expect(socket.received.filter((m) => m.type === 'event' && m.event === 'rolled.back')).toHaveLength(0);
    socket.close();
  });

  it('delivers a bundle (one notification, stored by reference when large) as one message per topic', async () => {
    const socket = await openSocket(socketUrl(b.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: 'public:bundle-b' });
    await socket.next((m) => m.type === 'subscribed');
    const big = 'x'.repeat(9000);
    await a.server.services.bus.publishMany([
      { topics: ['public:bundle-a', 'public:bundle-b'], event: 'invoice.created', data: { n: 1, big } },
      { topics: ['public:bundle-b'], event: 'invoice.finalized', data: { n: 2 } },
    ]);
    const first = await socket.next((m) => m.type === 'event' && m.event === 'invoice.created');
    expect(first).toMatchObject({ topic: 'public:bundle-b', data: { n: 1, big } });
    const second = await socket.next((m) => m.type === 'event' && m.event === 'invoice.finalized');
    expect(second).toMatchObject({ topic: 'public:bundle-b', data: { n: 2 } });
    socket.close();
  });
});
