import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreContext } from '../../src/store/context.js';
import { DEMO_APPS } from '../../src/store/demo/catalog.js';
import { seedStoreDemo } from '../../src/store/demo/seed.js';
import { BundleStorage } from '../../src/store/storage.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { json } from './store-support.js';

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

describe('demo store', () => {
  it('publishes the demo applications once, with real bundles in several categories', async () => {
    const services = server.server.services;
    const ctx: StoreContext = {
      services,
      db: services.database.db,
      storage: new BundleStorage(
        path.join(services.config.dataDir, 'store', 'bundles'),
        path.join(services.config.dataDir, 'store', 'tmp'),
      ),
      mount: '',
      user: () => Promise.resolve(null),
      userByDid: () => Promise.resolve(null),
    };
    expect(await seedStoreDemo(ctx)).toBe(true);
    expect(await seedStoreDemo(ctx)).toBe(false);
    const list = await json<{
      dataList: Array<{ name: string; category: { name: string } | null; download_url: string }>;
      total: number;
    }>(await fetch(`${server.url}/api/blocklets.json`));
    expect(list.body.total).toBe(DEMO_APPS.length);
    expect(new Set(list.body.dataList.map((b) => b.category?.name)).size).toBeGreaterThan(1);
    const first = list.body.dataList[0];
    const download = await fetch(`${server.url}${first?.download_url}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(download.headers.get('content-type')).toBe('application/gzip');
  });
});
