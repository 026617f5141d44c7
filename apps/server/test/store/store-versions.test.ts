import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../src/store/demo/png.js';
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

/**
 * Per-version facts: the changelog (given with the upload, or this version's section of the bundle's
 * CHANGELOG.md; rendered through the README sanitiser), the verified signature ("signed"), and each
 * version's own logo and screenshots. Also the admin console's list past 200 applications (paged,
 * filtered and searched on the server) and the public list's capped total.
 */
const { Client } = pg;
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let owner: TestBrowser;
let alice: TestBrowser;
let token: string;

interface Version {
  version: string;
  changelog: string;
  changelog_html: string;
  signed: boolean;
  logo: boolean;
  screenshots: number;
}
const versions = async (did: string) =>
  (await json<{ dataList: Version[] }>(await fetch(`${server.url}/api/blocklets/${did}/versions`))).body
    .dataList;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  [owner, alice] = await signInOwnerAliceBob(server.url);
  token = await developerToken(owner, alice);
  expect(await code(put(owner, '/api/console/settings', { reviewRequired: false }))).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('changelogs', () => {
  it('keeps the changelog sent with the upload, rendered and sanitised like the README', async () => {
    const app: AppSpec = { did: randomDid(), name: 'clock', version: '1.0.0' };
    const text = '修复 **bold** <script>alert(1)</script> [x](javascript:alert(1))';
    const res = await upload(server.url, token, bundleOf(app), {
      'x-blocklet-changelog': encodeURIComponent(text),
    });
    expect(res.body.status).toBe('published');
    const [v] = await versions(app.did);
    expect(v?.changelog).toBe(text);
    expect(v?.changelog_html).toContain('<strong>bold</strong>');
    expect(v?.changelog_html).not.toContain('<script');
    expect(v?.changelog_html).not.toMatch(/href="javascript/i);
  });

  it("takes this version's section of the bundle's CHANGELOG.md when none is sent", async () => {
    const app: AppSpec = { did: randomDid(), name: 'timer', version: '1.1.0' };
    const changelog = '# Changelog\n\n## 1.1.0\n- Laps\n\n## 1.0.0\n- First\n';
    expect(
      (await upload(server.url, token, bundleOf(app, [{ name: 'CHANGELOG.md', content: changelog }]))).body
        .status,
    ).toBe('published');
    const [v] = await versions(app.did);
    expect(v?.changelog).toBe('- Laps');
    expect(v?.changelog_html).toContain('<li>Laps</li>');
  });

  it('refuses a changelog header that is not percent-encoded, leaving nothing behind', async () => {
    const app: AppSpec = { did: randomDid(), name: 'broken-changelog', version: '1.0.0' };
    const res = await upload(server.url, token, bundleOf(app), { 'x-blocklet-changelog': '%E4%ZZ' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('changelog_invalid');
    expect(await code(fetch(`${server.url}/api/blocklets/${app.did}/versions`))).toBe(404);
  });
});

describe('signatures', () => {
  it('marks a token upload with a verified signature as signed, a browser upload as not', async () => {
    const signed: AppSpec = { did: randomDid(), name: 'signed-app', version: '1.0.0' };
    expect((await upload(server.url, token, bundleOf(signed))).body.status).toBe('published');
    expect((await versions(signed.did))[0]?.signed).toBe(true);

    const unsigned: AppSpec = { did: randomDid(), name: 'web-app', version: '1.0.0' };
    const res = await alice.request('/api/developer/blocklets/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: new Uint8Array(bundleOf(unsigned)),
    });
    expect(res.status).toBe(200);
    expect((await versions(unsigned.did))[0]?.signed).toBe(false);
  });
  it('records the key of a token made before signing at its first use, then refuses its unsigned uploads', async () => {
    const created = await alice.post('/api/developer/access-tokens', { name: 'legacy' });
    const legacy = ((await created.json()) as { secret: string }).secret;
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      // As a token made before migration 0023 looks: no public key on record.
      await pg.query(`UPDATE store_access_tokens SET signing_key = NULL WHERE name = 'legacy'`);
      const first: AppSpec = { did: randomDid(), name: 'legacy-app', version: '1.0.0' };
      expect((await upload(server.url, legacy, bundleOf(first))).body.status).toBe('published');
      expect((await versions(first.did))[0]?.signed).toBe(true);
      const key = await pg.query<{ signing_key: string | null }>(
        `SELECT signing_key FROM store_access_tokens WHERE name = 'legacy'`,
      );
      expect(key.rows[0]?.signing_key).toBeTruthy();

      const second: AppSpec = { did: randomDid(), name: 'legacy-unsigned', version: '1.0.0' };
      const refused = await upload(server.url, legacy, bundleOf(second), { 'x-bundle-signature': '' });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('bundle_signature_missing');
    } finally {
      await pg.end();
    }
  });
});

describe('version assets', () => {
  it("serves an older version's own logo and screenshots, not the current one's", async () => {
    const did = randomDid();
    const red = demoPng(8, 8, [255, 0, 0], [200, 0, 0]);
    const blue = demoPng(8, 8, [0, 0, 255], [0, 0, 200]);
    // bundleOf spreads the spec into the manifest, so the asset names ride along as extra fields.
    const withAssets = (version: string, logo: string, screenshots: string[], png: Buffer) =>
      bundleOf({ did, name: 'gallery', version, ...{ logo, screenshots } } as AppSpec, [
        { name: 'logo.png', content: png },
        ...screenshots.map((name) => ({ name, content: png })),
      ]);
    expect(
      (await upload(server.url, token, withAssets('1.0.0', 'logo.png', ['s1.png', 's2.png'], red))).status,
    ).toBe(200);
    expect((await upload(server.url, token, withAssets('2.0.0', 'logo.png', ['s1.png'], blue))).status).toBe(
      200,
    );
    const list = await versions(did);
    expect(list.map((v) => [v.version, v.logo, v.screenshots])).toEqual([
      ['2.0.0', true, 1],
      ['1.0.0', true, 2],
    ]);
    const bytes = async (path: string) =>
      Buffer.from(await (await fetch(`${server.url}/api/blocklets/${did}/${path}`)).arrayBuffer());
    expect((await bytes('1.0.0/assets/screenshots/1')).equals(red)).toBe(true);
    expect((await bytes('1.0.0/assets/logo')).equals(red)).toBe(true);
    expect((await bytes('2.0.0/assets/logo')).equals(blue)).toBe(true);
    expect(await code(fetch(`${server.url}/api/blocklets/${did}/2.0.0/assets/screenshots/1`))).toBe(404);
  });
});

describe('the admin console list past 200 applications', () => {
  beforeAll(async () => {
    const user = await alice.session();
    // 230 applications straight in SQL (uploads would only slow the test); their titles number them.
    await server.server.services.database.pool.query(
      `INSERT INTO store_blocklets (id, did, owner_did, name, title, updated_at)
       SELECT 'blbulk' || i, 'zBulk' || lpad(i::text, 6, '0'), $1, 'bulk-' || i, 'Bulk app ' || lpad(i::text, 3, '0'),
         now() - (i || ' minutes')::interval FROM generate_series(1, 230) i`,
      [user?.did],
    );
  });

  type Page = { dataList: Array<{ name: string; review_status: string | null }>; total: number };
  const list = async (query: string) => {
    const res = await json<Page>(await owner.get(`/api/console/blocklets?${query}`));
    expect(res.status).toBe(200);
    return res.body;
  };

  it('pages on the server with the exact total', async () => {
    const all = await list('filter=all&pageSize=100&page=1');
    expect(all.total).toBeGreaterThan(230);
    expect(all.dataList).toHaveLength(100);
    const last = await list(`filter=all&pageSize=100&page=${Math.ceil(all.total / 100)}`);
    expect(last.dataList).toHaveLength(all.total % 100 || 100);
    const names = new Set<string>();
    for (let page = 1; page <= Math.ceil(all.total / 100); page++)
      for (const b of (await list(`filter=all&pageSize=100&page=${page}`)).dataList) names.add(b.name);
    expect(names.size).toBe(all.total);
    expect(names.has('bulk-230')).toBe(true);
  });

  it('searches title, name and DID in any case, its LIKE wildcards taken literally', async () => {
    expect((await list('q=BULK%20APP%20123')).dataList.map((b) => b.name)).toEqual(['bulk-123']);
    expect((await list('q=zbulk000007')).dataList.map((b) => b.name)).toEqual(['bulk-7']);
    // bulk-2, bulk-20…29, bulk-200…230
    expect((await list('q=bulk-2&pageSize=5')).total).toBe(42);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  it('filters the review queue, pending reviews first', async () => {
    expect(await code(put(owner, '/api/console/settings', { reviewRequired: true }))).toBe(200);
    const app: AppSpec = { did: randomDid(), name: 'queued', version: '1.0.0' };
    expect((await upload(server.url, token, bundleOf(app))).body.status).toBe('uploaded');
    expect(
      await code(put(alice, `/api/developer/blocklets/${app.did}/request-review`, { version: '1.0.0' })),
    ).toBe(200);
    const queue = await list('filter=review');
    expect(queue.dataList.map((b) => b.name)).toEqual(['queued']);
    expect(queue.total).toBe(1);
    const all = await list('filter=all&pageSize=5');
    expect(all.dataList[0]?.name).toBe('queued');
    expect(all.dataList[0]?.review_status).toBe('pending_review');
  });

  it('loads a page of 100 with a few statements, not one or more per row', async () => {
    let rows = 0;
    const n = await storeStatements(server, async () => {
      rows = (await list('filter=all&pageSize=100')).dataList.length;
    });
    expect(rows).toBe(100);
    expect(n).toBeLessThanOrEqual(4);
  });

  it('refuses a page size over 100', async () => {
    expect(await code(owner.get('/api/console/blocklets?pageSize=500'))).toBe(400);
  });
});

describe('the public list total', () => {
  it('counts exactly up to 1,000 matches, then says 1,000+ and keeps the next page reachable', async () => {
    const user = await alice.session();
    const pool = server.server.services.database.pool;
    await pool.query(
      `INSERT INTO store_blocklets (id, did, owner_did, name, title, search, search_text, published_at)
       SELECT 'blmany' || i, 'zMany' || lpad(i::text, 6, '0'), $1, 'many-' || i, 'Many widget ' || i,
         to_tsvector('simple', 'many widget ' || i), 'many widget ' || i, now() FROM generate_series(1, 1100) i`,
      [user?.did],
    );
    await pool.query(
      `INSERT INTO store_versions (id, blocklet_id, version, status, manifest, size, sha512, storage_path, uploaded_by)
       SELECT 'blvmany' || i, 'blmany' || i, '1.0.0', 'published', '{}'::jsonb, 1, '', 'x', $1 FROM generate_series(1, 1100) i`,
      [user?.did],
    );
    await pool.query(
      `UPDATE store_blocklets SET current_version_id = 'blvmany' || substr(id, 7) WHERE id LIKE 'blmany%'`,
    );
    type List = { dataList: unknown[]; total: number; totalExact: boolean };
    const get = async (q: string) =>
      (await json<List>(await fetch(`${server.url}/api/blocklets.json?${q}`))).body;
    expect(await get('q=widget&pageSize=10')).toMatchObject({ total: 1000, totalExact: false });
    const deep = await get('q=widget&pageSize=100&page=11');
    expect(deep).toMatchObject({ total: 1100, totalExact: true });
    expect(deep.dataList).toHaveLength(100);
    expect(await get('q=widget%201099')).toMatchObject({ total: 1, totalExact: true });
  });
});
