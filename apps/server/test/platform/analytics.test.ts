import { errorBody, pageviewsAnswer } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { TestUsers, type SignedIn } from './users.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let owner: SignedIn;
let member: SignedIn;

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  const users = new TestUsers(server.url);
  owner = await users.signInOwner();
  member = await users.signInAs('member');
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const beacon = (path: string, ua = BROWSER) =>
  fetch(`${server.url}${path}`, { headers: { 'user-agent': ua } });

async function counts(): Promise<Array<{ kind: string; name: string; count: number }>> {
  const r = await server.server.services.database.pool.query<{ kind: string; name: string; count: number }>(
    'SELECT kind, name, count FROM analytics_daily ORDER BY kind, name',
  );
  return r.rows;
}

function utcDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

describe('beacons', () => {
  it('answer a tiny script, set no cookie and count per path and event', async () => {
    const res = await beacon('/.well-known/analytics/pv/store/apps?utm_source=x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.text()).length).toBeLessThan(100);
    await beacon('/.well-known/analytics/pv/store//apps/');
    await beacon('/.well-known/analytics/pv/');
    await beacon(`/.well-known/analytics/pv/${'a'.repeat(400)}`);
    await beacon('/.well-known/analytics/evt/checkout.submit');
    await beacon('/.well-known/analytics/evt/checkout.submit');
    expect(await counts()).toEqual([
      { kind: 'evt', name: 'checkout.submit', count: 2 },
      { kind: 'pv', name: '/', count: 1 },
      { kind: 'pv', name: `/${'a'.repeat(199)}`, count: 1 },
      { kind: 'pv', name: '/store/apps', count: 2 },
    ]);
  });

  it('answers bots without counting them, and refuses empty event names', async () => {
    const before = await counts();
    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.0', '']) {
      expect((await beacon('/.well-known/analytics/pv/store/apps', ua)).status).toBe(200);
    }
    expect(await counts()).toEqual(before);
    const empty = await beacon('/.well-known/analytics/evt/');
    expect(empty.status).toBe(400);
    expect(errorBody.parse(await empty.json()).error.param).toBe('name');
    expect((await beacon('/.well-known/analytics/pv/a%0Ab')).status).toBe(400);
  });
});

describe('growth limit', () => {
  it('counts new names under (other) once a day holds 10 000 of them', async () => {
    const pool = server.server.services.database.pool;
    await pool.query(
      `INSERT INTO analytics_daily (day, kind, name, count)
       SELECT (now() AT TIME ZONE 'UTC')::date, 'evt', 'spam-' || i, 1 FROM generate_series(1, 10000) i`,
    );
    await beacon('/.well-known/analytics/evt/one-too-many');
    await beacon('/.well-known/analytics/evt/checkout.submit');
    const rows = await pool.query<{ name: string; count: number }>(
      `SELECT name, count FROM analytics_daily WHERE kind = 'evt' AND name IN ('one-too-many', '(other)', 'checkout.submit')
       ORDER BY name`,
    );
    expect(rows.rows).toEqual([
      { name: '(other)', count: 1 },
      { name: 'checkout.submit', count: 3 },
    ]);
    await pool.query(`DELETE FROM analytics_daily WHERE kind = 'evt' AND name <> 'checkout.submit'`);
    await pool.query(`UPDATE analytics_daily SET count = 2 WHERE kind = 'evt'`);
  });
});

describe('GET /api/analytics/pageviews', () => {
  it('is for owners and admins', async () => {
    expect((await fetch(`${server.url}/api/analytics/pageviews`)).status).toBe(401);
    expect((await member.browser.get('/api/analytics/pageviews')).status).toBe(403);
    for (const bad of ['days=0', 'days=1000', 'days=abc']) {
      const res = await owner.browser.get(`/api/analytics/pageviews?${bad}`);
      expect(res.status).toBe(400);
      expect(errorBody.parse(await res.json()).error.param).toBe('days');
    }
  });

  it('answers zero-filled days, oldest first, and the top paths and events', async () => {
    const pool = server.server.services.database.pool;
    await pool.query(
      `INSERT INTO analytics_daily (day, kind, name, count) VALUES ($1, 'pv', '/old', 7), ($2, 'pv', '/older', 50)`,
      [utcDate(3), utcDate(10)],
    );
    const res = await owner.browser.get('/api/analytics/pageviews?days=7');
    expect(res.status).toBe(200);
    const report = pageviewsAnswer.parse(await res.json());
    expect(report.days.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDate));
    expect(report.days.map((d) => d.count)).toEqual([0, 0, 0, 7, 0, 0, 4]);
    expect(report.total).toBe(11);
    expect(report.topPaths[0]).toEqual({ path: '/old', count: 7 });
    expect(report.topPaths).toContainEqual({ path: '/store/apps', count: 2 });
    expect(report.topPaths.some((p) => p.path === '/older')).toBe(false);
    expect(report.topEvents).toEqual([{ name: 'checkout.submit', count: 2 }]);
    const month = pageviewsAnswer.parse(await (await owner.browser.get('/api/analytics/pageviews')).json());
    expect(month.days).toHaveLength(30);
    expect(month.total).toBe(61);
  });
});
