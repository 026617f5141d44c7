import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { clientFor, TEST_SECRET, type Answer } from './support.js';

// Two servers (each its own pool, as two processes) on one database receive the same meter events at
// once: the unique identifier index, not either process, decides, so every event is stored and
// counted once and the daily rollup holds each value once.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
const servers: TestServer[] = [];

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  database = await cloneTestDatabase();
  const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET };
  servers.push(await startTestServer(database.url, env), await startTestServer(database.url, env));
}, 120_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.drop();
});

describe('meter events sent to two processes', () => {
  it('stores and counts each identifier once', async () => {
    const [a, b] = servers.map((s) => clientFor(s.url, TEST_SECRET));
    if (!a || !b) throw new Error('two servers expected');
    const meter = ok(
      await a('POST', '/meters', { body: { name: 'Shared', event_name: 'shared.calls', unit: 'call' } }),
      'm',
    );
    const customer = String(ok(await a('POST', '/customers', { body: { name: 'Shared' } }), 'customer').id);
    const events = Array.from({ length: 500 }, (_, i) => ({
      event_name: 'shared.calls',
      identifier: `shared-${i}`,
      payload: { customer_id: customer, value: String(1 + (i % 3)) },
    }));
    // Each server gets the batch three times, in two halves overlapping in the middle, all at once.
    const halves = [events.slice(0, 300), events.slice(200)];
    const sends = [a, b].flatMap((client) =>
      [0, 1, 2].flatMap(() =>
        halves.map(async (part) =>
          ok(await client('POST', '/meter-events/batch', { body: { events: part } }), 'b'),
        ),
      ),
    );
    const answers = await Promise.all(sends);
    expect(answers.reduce((n, x) => n + Number(x.accepted), 0)).toBe(500);
    const day = 86_400_000;
    const q = `meter_id=${String(meter.id)}&customer_id=${customer}&start=${new Date(Date.now() - day).toISOString()}&end=${new Date(Date.now() + day).toISOString()}`;
    const stats = ok(await b('GET', `/meter-events/stats?${q}`), 'stats');
    const total = (stats.data as Array<{ total: string; count: number }>).reduce(
      (s, d) => ({ total: s.total + BigInt(d.total), count: s.count + d.count }),
      { total: 0n, count: 0 },
    );
    const expected = events.reduce((s, e) => s + BigInt(e.payload.value), 0n);
    expect(total).toEqual({ total: expected, count: 500 });
    const rollup = await servers[0]?.server.services.database.pool.query<{ total: string; n: string }>(
      'select sum(total)::text as total, sum(count)::text as n from meter_usage_daily where meter_id = $1',
      [meter.id],
    );
    expect(rollup?.rows[0]).toEqual({ total: expected.toString(), n: '500' });
  });
});
