import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockletDidFromName } from '../../src/store/blocklet/did.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { bundleOf, json, put, upload } from './store-support.js';

// The ecosystem's own client code, unchanged: how Blocklet Server resolves a store's component.
const require = createRequire(import.meta.url);
interface Meta {
  did: string;
  name: string;
  version: string;
  title: string;
  dist: { tarball: string; integrity: string; size?: number };
}
const utilMeta = require('@blocklet/meta/lib/util-meta') as {
  getBlockletMetaFromUrl(url: string): Promise<Meta>;
  getSourceUrlsFromConfig(config: { source: { store: string; name: string; version: string } }): string[];
};
const { toBlockletDid } = require('@blocklet/meta/lib/did') as { toBlockletDid(name: string): string };
const xbytes = require('xbytes') as { isBytes(s: unknown): boolean; parseSize(s: string): number };

let env: StoreEnv;
beforeAll(async () => {
  env = await startStoreEnv();
  await put(env.owner, '/api/console/settings', { reviewRequired: false });
});
afterAll(() => env?.stop());

async function sri(tarball: string): Promise<string> {
  const res = await fetch(tarball);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

describe('what Blocklet Server reads', () => {
  it('derives application DIDs from names exactly as @blocklet/meta does', () => {
    for (const name of ['image-resizer', 'markdown-notes', 'a', 'invoice-tracker'])
      expect(blockletDidFromName(name)).toBe(toBlockletDid(name));
  });

  it('gives the upload limit as the size string the blocklet CLI parses', async () => {
    const info = await json<{ maxBundleSize: string; maxBundleBytes: number }>(
      await fetch(`${env.server.url}/api/store.json`),
    );
    expect(xbytes.isBytes(info.body.maxBundleSize)).toBe(true);
    expect(xbytes.parseSize(info.body.maxBundleSize)).toBe(info.body.maxBundleBytes);
    expect(info.body.maxBundleBytes).toBe(1024 * 1024);
  });

  it('lists dist, resolves a component by DID and by version with @blocklet/meta, and the tarball matches its integrity', async () => {
    const name = 'protocol-notes';
    const did = blockletDidFromName(name);
    for (const version of ['1.0.0', '1.1.0']) {
      const res = await upload(env.server.url, env.aliceToken, bundleOf({ did, name, version }));
      expect(res.body.status).toBe('published');
    }
    const list = await json<{ dataList: Array<{ did: string; dist: Meta['dist'] | null }> }>(
      await fetch(`${env.server.url}/api/blocklets.json`),
    );
    const item = list.body.dataList.find((b) => b.did === did);
    expect(item?.dist?.tarball).toBe(`${env.server.url}/api/blocklets/${did}/1.1.0/${name}-1.1.0.tgz`);
    expect(await sri(item?.dist?.tarball ?? '')).toBe(item?.dist?.integrity);

    // Latest: the DID's blocklet.json, validated by @blocklet/meta (ensureDist; HEAD on the tarball).
    const latest = await utilMeta.getBlockletMetaFromUrl(
      `${env.server.url}/api/blocklets/${did}/blocklet.json`,
    );
    expect(latest).toMatchObject({ did, name, version: '1.1.0' });
    expect(await sri(latest.dist.tarball)).toBe(latest.dist.integrity);

    // A component pinned to a version, with the URL Blocklet Server builds from `source`.
    const [url] = utilMeta.getSourceUrlsFromConfig({
      source: { store: env.server.url, name, version: '1.0.0' },
    });
    expect(url).toBe(`${env.server.url}/api/blocklets/${did}/1.0.0/blocklet.json`);
    const pinned = await utilMeta.getBlockletMetaFromUrl(url ?? '');
    expect(pinned.version).toBe('1.0.0');
    expect(await sri(pinned.dist.tarball)).toBe(pinned.dist.integrity);
    expect(pinned.dist.integrity).not.toBe(latest.dist.integrity);

    // An unknown version answers 404, as does a version of an application nobody may see.
    expect((await fetch(`${env.server.url}/api/blocklets/${did}/9.9.9/blocklet.json`)).status).toBe(404);
  });
});
