import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultBundleLimits, inspectBundle } from '../../../apps/server/src/store/bundle/index.js';
import { buildBundle, writeBundle } from './bundle.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 3),
]);
const manifest = {
  did: 'z8iZpnScvx1hnqvaZbUxrx7pFBuF9Z4cCSmK3',
  name: 'demo-app',
  version: '1.2.3',
  title: 'Demo',
  description: 'A demo app',
  logo: 'assets/logo.png',
  screenshots: ['assets/shot.png'],
  readme: 'README.md',
};

let dir: string;
let app: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-cli-bundle-'));
  app = path.join(dir, 'app');
  await mkdir(path.join(app, 'assets'), { recursive: true });
  await mkdir(path.join(app, 'node_modules', 'x'), { recursive: true });
  await writeFile(path.join(app, 'blocklet.json'), JSON.stringify(manifest));
  await writeFile(path.join(app, 'assets', 'logo.png'), PNG);
  await writeFile(path.join(app, 'assets', 'shot.png'), PNG);
  await writeFile(path.join(app, 'README.md'), '# Demo\n');
  await writeFile(path.join(app, 'node_modules', 'x', 'index.js'), 'skip me');
  const deep = path.join(app, 'src', 'a'.repeat(90), 'b'.repeat(40));
  await mkdir(deep, { recursive: true });
  await writeFile(path.join(deep, `${'c'.repeat(80)}.js`), 'export {}');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('bundle', () => {
  it('is reproducible: the same folder gives the same bytes, whatever the file times', async () => {
    const a = await buildBundle(app);
    await writeFile(path.join(app, 'README.md'), '# Demo\n');
    const b = await buildBundle(app);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.files).toEqual([
      'README.md',
      'assets/logo.png',
      'assets/shot.png',
      'blocklet.json',
      `src/${'a'.repeat(90)}/${'b'.repeat(40)}/${'c'.repeat(80)}.js`,
    ]);
    expect(gunzipSync(a.bytes).length % 512).toBe(0);
  });

  it('makes a bundle the store accepts (bundle → inspectBundle round trip)', async () => {
    const { file, built } = await writeBundle(app, undefined, dir);
    expect(file).toBe(path.join(dir, 'demo-app-1.2.3.tgz'));
    const tmp = path.join(dir, 'server-tmp');
    const inspected = await inspectBundle(Readable.from([built.bytes]), defaultBundleLimits, tmp);
    expect(inspected.manifest).toMatchObject({ name: 'demo-app', version: '1.2.3' });
    expect(inspected.files.logo?.contentType).toBe('image/png');
    expect(inspected.files.screenshots).toHaveLength(1);
    expect(inspected.files.readme).toBe('# Demo\n');
    await inspected.discard();
    expect(await readdir(tmp)).toEqual([]);
  });

  it('leaves out an earlier bundle written into the folder', async () => {
    await writeBundle(app, undefined, app);
    const again = await buildBundle(app);
    expect(again.files).not.toContain('demo-app-1.2.3.tgz');
  });

  it('refuses symbolic links instead of following them', async () => {
    await symlink('/etc/passwd', path.join(app, 'passwd'));
    await expect(buildBundle(app)).rejects.toThrow(
      'passwd is a symbolic link; bundles hold regular files only.',
    );
  });

  it('refuses a manifest that is invalid or names a missing file', async () => {
    await writeFile(path.join(app, 'blocklet.json'), JSON.stringify({ ...manifest, logo: 'nope.png' }));
    await expect(buildBundle(app)).rejects.toThrow('blocklet.json names nope.png, which is not in');
    await writeFile(path.join(app, 'blocklet.json'), JSON.stringify({ ...manifest, version: '1.2' }));
    await expect(buildBundle(app)).rejects.toThrow(
      /blocklet\.json is invalid: version: must be a semantic version/,
    );
  });
});
