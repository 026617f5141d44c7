import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  bundleOf,
  code,
  developerToken,
  json,
  put,
  randomDid,
  storeStatements,
  upload,
  type AppSpec,
} from './store-support.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let owner: TestBrowser;
let alice: TestBrowser;

const APPS: AppSpec[] = [
  {
    did: randomDid(),
    name: 'image-resizer',
    version: '1.0.0',
    title: 'Image Resizer',
    description: 'Resize and compress photos. 图片压缩工具',
    keywords: ['photo'],
  },
  {
    did: randomDid(),
    name: 'team-calendar',
    version: '1.0.0',
    title: 'Team Calendar',
    description: 'Shared schedules for your team',
    price: { amount: '5', currency: 'TUSD' },
  },
  {
    did: randomDid(),
    name: 'notes',
    version: '1.0.0',
    title: 'Notes',
    description: 'Quick notes with calendar reminders. 支持提醒的笔记',
  },
  {
    did: randomDid(),
    name: 'payment-kit',
    version: '1.0.0',
    title: '支付工具箱',
    description: 'Accept payments',
  },
];

type List = { dataList: Array<{ name: string; price: unknown }>; total: number };
const search = async (query: string) =>
  json<List>(await fetch(`${server.url}/api/blocklets.json?${query}`)).then((r) => r.body);
const names = async (query: string) => (await search(query)).dataList.map((b) => b.name);

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  [owner, alice] = await signInOwnerAliceBob(server.url);
  const token = await developerToken(owner, alice);
  expect(await code(put(owner, '/api/console/settings', { reviewRequired: false }))).toBe(200);
  for (const app of APPS)
    expect((await upload(server.url, token, bundleOf(app))).body.status).toBe('published');
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('store search', () => {
  it('finds by a title prefix as it is typed', async () => {
    expect(await names('q=ima')).toEqual(['image-resizer']);
    expect(await names('q=Team%20Cal')).toEqual(['team-calendar']);
  });

  it('ranks a title match above a description match', async () => {
    expect(await names('q=calendar')).toEqual(['team-calendar', 'notes']);
  });

  it('finds through a typo', async () => {
    expect(await names('q=calendr')).toContain('team-calendar');
    expect(await names('q=resizr')).toEqual(['image-resizer']);
  });

  it('finds a Chinese word in a title or description', async () => {
    expect(await names(`q=${encodeURIComponent('压缩')}`)).toEqual(['image-resizer']);
    expect(await names(`q=${encodeURIComponent('支付')}`)).toEqual(['payment-kit']);
    expect(await names(`q=${encodeURIComponent('提醒')}`)).toEqual(['notes']);
    expect(await names(`q=${encodeURIComponent('火箭')}`)).toEqual([]);
  });

  it('finds by name and keywords', async () => {
    expect(await names('q=photo')).toEqual(['image-resizer']);
    expect(await names('q=payment')).toEqual(['payment-kit']);
  });

  it('treats tsquery syntax in the query as plain words', async () => {
    const res = await fetch(`${server.url}/api/blocklets.json?q=${encodeURIComponent("notes' & | ! :* (")}`);
    expect(res.status).toBe(200);
  });

  it('filters free and paid, sorts by title and pages', async () => {
    expect(await names('price=paid')).toEqual(['team-calendar']);
    expect((await names('price=free')).sort()).toEqual(['image-resizer', 'notes', 'payment-kit']);
    expect(await names('sort=title&pageSize=2')).toEqual(['image-resizer', 'notes']);
    const page2 = await search('sort=title&pageSize=2&page=2');
    expect(page2.dataList.map((b) => b.name)).toEqual(['team-calendar', 'payment-kit']);
    expect(page2.total).toBe(4);
  });

  it('filters by category', async () => {
    const created = await json<{ id: string }>(
      await owner.post('/api/console/categories', { name: 'media', locales: { en: 'Media', zh: '媒体' } }),
    );
    expect(created.status).toBe(201);
    const did = APPS[0]?.did ?? '';
    expect(await code(put(owner, `/api/console/blocklets/${did}`, { category: created.body.id }))).toBe(200);
    expect(await names('category=media')).toEqual(['image-resizer']);
  });
});

describe('search by kind of query (each a prepared statement per shape)', () => {
  it('needs every word of a multi-word query, the last as a prefix', async () => {
    expect(await names('q=team%20calendar')).toEqual(['team-calendar']);
    expect(await names('q=calendar%20remind')).toEqual(['notes']);
    expect(await names('q=resize%20photos')).toEqual(['image-resizer']);
    expect(await names('q=team%20photos')).toEqual([]);
  });

  it('finds through a typo in a word or in one of several words', async () => {
    expect(await names('q=imagr')).toEqual(['image-resizer']);
    expect(await names('q=calender')).toContain('team-calendar');
    expect(await names('q=imgae%20resizer')).toEqual(['image-resizer']);
    expect((await search('q=zzqqxx')).total).toBe(0);
  });

  it('finds Chinese words of several characters and Chinese beside Latin words', async () => {
    expect(await names(`q=${encodeURIComponent('图片压缩')}`)).toEqual(['image-resizer']);
    expect(await names(`q=${encodeURIComponent('支付工具箱')}`)).toEqual(['payment-kit']);
    expect(await names(`q=${encodeURIComponent('photo 图片')}`)).toEqual(['image-resizer']);
    expect(await names(`q=${encodeURIComponent('图片相机')}`)).toEqual([]);
  });

  it('counts every match beside a page of one, and past the last page', async () => {
    const first = await search('q=calendar&pageSize=1');
    expect(first.dataList.map((b) => b.name)).toEqual(['team-calendar']);
    expect(first.total).toBe(2);
    const second = await search('q=calendar&pageSize=1&page=2');
    expect(second.dataList.map((b) => b.name)).toEqual(['notes']);
    expect(second.total).toBe(2);
    const past = await search('q=calendar&pageSize=1&page=3');
    expect(past.dataList).toEqual([]);
    expect(past.total).toBe(2);
  });

  it('keeps filters and sorts apart for the same words', async () => {
    expect(await names('q=calendar&price=paid')).toEqual(['team-calendar']);
    expect(await names('q=calendar&price=free')).toEqual(['notes']);
    expect(await names('q=calendar&sort=downloads&price=free')).toEqual(['notes']);
    expect(await names('q=calendr&price=free')).toEqual([]);
    expect(await names('q=calendr&price=paid')).toEqual(['team-calendar']);
  });
});

describe('the cached list', () => {
  it('answers a repeated search without reading the database', async () => {
    expect(await names('q=calendar&sort=title')).toEqual(['notes', 'team-calendar']);
    expect(await storeStatements(server, () => names('q=calendar&sort=title'))).toBe(0);
  });

  it('drops a blocked application from a cached search at once', async () => {
    const did = APPS[3]?.did ?? '';
    expect(await names('q=payment')).toEqual(['payment-kit']);
    expect(await code(put(owner, `/api/console/blocklets/${did}/block`, { reason: 'Spam' }))).toBe(200);
    expect(await names('q=payment')).toEqual([]);
    expect(await code(put(owner, `/api/console/blocklets/${did}/unblock`, {}))).toBe(200);
    expect(await names('q=payment')).toEqual(['payment-kit']);
  });

  it('shows a change made outside the API (another process, SQL) once it commits', async () => {
    const title = async () =>
      (
        await json<{ dataList: Array<{ title: string }> }>(
          await fetch(`${server.url}/api/blocklets.json?q=notes`),
        )
      ).body.dataList[0]?.title;
    expect(await title()).toBe('Notes');
    const pool = server.server.services.database.pool;
    await pool.query(`UPDATE store_blocklets SET title = 'Notes Pro' WHERE name = 'notes'`);
    const until = Date.now() + 5000;
    while ((await title()) !== 'Notes Pro' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await title()).toBe('Notes Pro');
    await pool.query(`UPDATE store_blocklets SET title = 'Notes' WHERE name = 'notes'`);
  });
});
