import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHandoffKeys, openHandoff, type SealedBox } from '@payshelf/store-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockletDidFromName } from '../../src/store/blocklet/did.js';
import { demoPng } from '../../src/store/demo/png.js';
import { tgz } from '../../src/store/demo/tar.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
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
const blockletStore = require('@blocklet/store') as {
  upload(options: {
    storeUrl: string;
    accessToken: string;
    developerDid: string;
    metaFile: string;
    source: string;
    printSuccess: () => void;
    printTar: () => Promise<void>;
    debug: () => void;
  }): Promise<{ status: string; signatures: Array<{ signer: string }> }>;
};
const { fromRandom } = require('@ocap/wallet') as { fromRandom(): { secretKey: string } };
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

/** What `blocklet bundle` leaves in `.blocklet/release`: the meta with dist, and the `package/` tarball. */
async function release(name: string, version: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'blocklet-release-'));
  const out = path.join(dir, '.blocklet', 'release');
  await mkdir(out, { recursive: true });
  const meta = {
    did: blockletDidFromName(name),
    name,
    version,
    title: 'Signed Notes',
    description: 'Notes published with the blocklet CLI upload',
    logo: 'logo.png',
    keywords: ['notes'],
    screenshots: [],
  };
  const tarball = tgz([
    { name: 'package/blocklet.json', content: JSON.stringify(meta) },
    { name: 'package/logo.png', content: demoPng(32, 32, [1, 2, 3], [200, 100, 50]) },
    { name: 'package/index.js', content: 'console.log(1);\n' },
  ]);
  const file = `${name}-${version}.tgz`;
  await writeFile(path.join(out, file), tarball);
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const metaFile = path.join(out, 'blocklet.json');
  await writeFile(
    metaFile,
    JSON.stringify({ ...meta, dist: { tarball: file, integrity, size: tarball.length } }),
  );
  return metaFile;
}

const quiet = { printSuccess: () => undefined, printTar: async () => undefined, debug: () => undefined };

describe('blocklet upload (the @blocklet/store upload the blocklet CLI runs)', () => {
  it('publishes with the wallet credential /connect-cli handed out, and Blocklet Server resolves it', async () => {
    const browser = new TestBrowser(env.server.url);
    const wallet = newWallet('Carol', 'carol@example.com');
    const carol = await signIn(browser, wallet);
    expect((await env.owner.post(`/api/members/${carol.did}/passports`, { role: 'developer' })).status).toBe(
      201,
    );

    // The connect-CLI handoff: session, wallet approval in the browser, sealed credential.
    const keys = createHandoffKeys();
    const started = await fetch(`${env.server.url}/api/connect-cli/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: keys.publicKey }),
    });
    const session = (await started.json()) as { id: string };
    const token = await browser.post('/api/did/connect-cli/token', { locale: 'en', session: session.id });
    await wallet.approve(((await token.json()) as { url: string }).url);
    const polled = (await (
      await fetch(`${env.server.url}/api/connect-cli/sessions/${session.id}`)
    ).json()) as {
      sealed: SealedBox;
    };
    const handoff = JSON.parse(openHandoff(keys, polled.sealed)) as {
      secretKey: string;
      developerDid: string;
    };
    expect(handoff.developerDid).toBe(carol.did);

    const name = 'signed-notes';
    const metaFile = await release(name, '1.0.0');
    const uploaded = await blockletStore.upload({
      storeUrl: env.server.url,
      accessToken: handoff.secretKey,
      developerDid: handoff.developerDid,
      metaFile,
      source: 'cli',
      ...quiet,
    });
    expect(uploaded.status).toBe('published');

    const did = blockletDidFromName(name);
    const resolved = await utilMeta.getBlockletMetaFromUrl(
      `${env.server.url}/api/blocklets/${did}/1.0.0/blocklet.json`,
    );
    expect(resolved).toMatchObject({ did, name, version: '1.0.0', title: 'Signed Notes' });
    expect(await sri(resolved.dist.tarball)).toBe(resolved.dist.integrity);
    // The signed meta is served as signed (its signer is the credential's wallet), and the logo from the tarball.
    const detail = await json<{ signatures: Array<{ signer: string }>; logoUrl: string }>(
      await fetch(`${env.server.url}/api/blocklets/${did}/blocklet.json`),
    );
    expect(detail.body.signatures[0]?.signer).toBe(uploaded.signatures[0]?.signer);
    const logo = await fetch(detail.body.logoUrl);
    expect(logo.headers.get('content-type')).toBe('image/png');

    // The same version again is refused (409), as with any other upload.
    await expect(
      blockletStore.upload({
        storeUrl: env.server.url,
        accessToken: handoff.secretKey,
        developerDid: carol.did,
        metaFile,
        source: 'cli',
        ...quiet,
      }),
    ).rejects.toThrow(/\[409\]/);
  });

  it('refuses a meta signed by a wallet the store never handed out (401), leaving nothing behind', async () => {
    const metaFile = await release('stranger-notes', '1.0.0');
    await expect(
      blockletStore.upload({
        storeUrl: env.server.url,
        accessToken: fromRandom().secretKey,
        developerDid: '',
        metaFile,
        source: 'cli',
        ...quiet,
      }),
    ).rejects.toThrow(/\[401\]/);
    const res = await fetch(
      `${env.server.url}/api/blocklets/${blockletDidFromName('stranger-notes')}/blocklet.json`,
    );
    expect(res.status).toBe(404);
  });
});
