import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreContext } from '../../src/store/context.js';
import { DEMO_APPS } from '../../src/store/demo/catalog.js';
import { seedStoreDemo } from '../../src/store/demo/seed.js';
import { StoreListCache } from '../../src/store/search/list-cache.js';
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

function storeContext(): StoreContext {
  const services = server.server.services;
  return {
    services,
    db: services.database.db,
    storage: new BundleStorage(
      path.join(services.config.dataDir, 'store', 'bundles'),
      path.join(services.config.dataDir, 'store', 'tmp'),
    ),
    mount: '',
    user: () => Promise.resolve(null),
    userByDid: () => Promise.resolve(null),
    // Never caches: the server's own list cache learns of the seed through the catalog notification.
    listCache: new StoreListCache(() => false),
  };
}

describe('demo store', () => {
  it('writes the seeded marker only when every demo app is in, so a start that failed half-way is completed', async () => {
    const pool = server.server.services.database.pool;
    const taken = DEMO_APPS[2];
    if (!taken) throw new Error('the demo catalog has fewer than three apps');
    // Someone else's application holds the third demo app's name: seeding stops there.
    await pool.query(
      `INSERT INTO users (did, pk, full_name) VALUES ('zSquatterSquatterSquatter1111', '', 'S')`,
    );
    await pool.query(
      `INSERT INTO store_blocklets (id, did, owner_did, name) VALUES ('bl_squat', 'zSquatterAppSquatterApp11111', 'zSquatterSquatterSquatter1111', $1)`,
      [taken.name],
    );
    await expect(seedStoreDemo(storeContext())).rejects.toThrow();
    const marker = await pool.query(`SELECT 1 FROM instance_settings WHERE key = 'store.demo'`);
    expect(marker.rowCount).toBe(0);
    await pool.query(`DELETE FROM store_blocklets WHERE id = 'bl_squat'`);
  });

  it('publishes the demo applications once, with real bundles in several categories', async () => {
    const ctx = storeContext();
    expect(await seedStoreDemo(ctx)).toBe(true);
    expect(await seedStoreDemo(ctx)).toBe(false);
    const list = await json<{
      dataList: Array<{ name: string; category: { name: string } | null; download_url: string }>;
      total: number;
    }>(await fetch(`${server.url}/api/blocklets.json`));
    expect(list.body.total).toBe(DEMO_APPS.length);
    expect(new Set(list.body.dataList.map((b) => b.category?.name)).size).toBeGreaterThan(1);
    // Paid applications are not sold yet: no demo application is priced.
    const paid = await json<{ total: number }>(await fetch(`${server.url}/api/blocklets.json?price=paid`));
    expect(paid.body.total).toBe(0);
    const first = list.body.dataList[0];
    const download = await fetch(`${server.url}${first?.download_url}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(download.headers.get('content-type')).toBe('application/x-gzip');
    const logo = await fetch(`${server.url}/api/blocklets/${DEMO_APPS[0]?.did}/1.0.0/assets/logo`);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });
});
