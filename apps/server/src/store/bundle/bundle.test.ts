import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BundleError, defaultBundleLimits, inspectBundle, type BundleLimits } from './index.js';

// Archives are crafted byte by byte here, so the tests can build what no honest tar tool writes.
interface Entry {
  name: string;
  data?: Buffer | string;
  type?: string;
  linkname?: string;
}

function header(e: Entry, size: number): Buffer {
  const b = Buffer.alloc(512);
  const field = (s: string, at: number, len: number) => b.write(s, at, len, 'utf8');
  const octal = (n: number, at: number, len: number) =>
    field(n.toString(8).padStart(len - 1, '0') + '\0', at, len);
  field(e.name, 0, 100);
  octal(e.type === '5' ? 0o755 : 0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(0, 136, 12);
  field('        ', 148, 8);
  field(e.type ?? '0', 156, 1);
  field(e.linkname ?? '', 157, 100);
  field('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of b) sum += byte;
  field(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return b;
}

function tar(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data) : (e.data ?? Buffer.alloc(0));
    parts.push(header(e, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

const DID = 'z8iZpnScvx1hnqvaZbUxrx7pFBuF9Z4cCSmK3';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const manifest = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ did: DID, name: 'hello', version: '1.0.0', title: 'Hello', description: 'Hi', ...extra });
const good = (extra: Entry[] = [], m: Record<string, unknown> = {}) =>
  tar([
    {
      name: 'blocklet.json',
      data: manifest({ logo: 'logo.png', screenshots: ['shots/1.jpg'], readme: 'README.md', ...m }),
    },
    { name: 'logo.png', data: PNG },
    { name: 'shots/', type: '5' },
    { name: 'shots/1.jpg', data: JPEG },
    { name: 'README.md', data: '# Hello\n\n你好' },
    ...extra,
  ]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bundle-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const inspect = (bytes: Buffer, limits: BundleLimits = defaultBundleLimits) =>
  inspectBundle(Readable.from([bytes]), limits, dir);

/** Expects the refusal `code` and that nothing was left in the temp folder. */
async function refused(bytes: Buffer, code: string, limits?: BundleLimits): Promise<BundleError> {
  const error = await inspect(bytes, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  expect((error as BundleError).code).toBe(code);
  expect(await readdir(dir)).toEqual([]);
  return error as BundleError;
}

describe('inspectBundle', () => {
  it('accepts a well-formed bundle: manifest, images typed by their bytes, README, sha512 of the upload', async () => {
    const tgz = gzipSync(good());
    const b = await inspect(tgz);
    expect(b.size).toBe(tgz.length);
    expect(b.sha512).toBe(createHash('sha512').update(tgz).digest('hex'));
    expect(b.manifest).toMatchObject({ did: DID, name: 'hello', version: '1.0.0' });
    expect(b.files.logo).toMatchObject({ path: 'logo.png', contentType: 'image/png' });
    expect(b.files.logo?.bytes.equals(PNG)).toBe(true);
    expect(b.files.screenshots.map((s) => s.contentType)).toEqual(['image/jpeg']);
    expect(b.files.readme).toBe('# Hello\n\n你好');
    expect(await readdir(dir)).toEqual([path.basename(b.tempPath)]);
    await b.discard();
    expect(await readdir(dir)).toEqual([]);
  });

  it('accepts entries written as ./path, as `tar -C dir .` does', async () => {
    const b = await inspect(
      gzipSync(
        tar([
          { name: './', type: '5' },
          { name: './blocklet.json', data: manifest() },
        ]),
      ),
    );
    expect(b.manifest.name).toBe('hello');
    await b.discard();
  });

  it('stops reading an oversized upload as soon as it passes the limit, not at its end', async () => {
    let sent = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          sent += 64 * 1024;
          yield Buffer.alloc(64 * 1024);
        }
      })(),
    );
    const limits = { ...defaultBundleLimits, maxBytes: 1024 * 1024 };
    const error = await inspectBundle(endless, limits, dir).catch((e: unknown) => e);
    expect((error as BundleError).code).toBe('too_large');
    expect(sent).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
    expect(await readdir(dir)).toEqual([]);
  });

  it('removes the partial file when the upload breaks off, and passes the stream error on', async () => {
    const broken = new Readable({ read() {} });
    broken.push(gzipSync(good()).subarray(0, 100));
    setTimeout(() => broken.destroy(new Error('client went away')), 10);
    await expect(inspectBundle(broken, defaultBundleLimits, dir)).rejects.toThrow('client went away');
    expect(await readdir(dir)).toEqual([]);
    const closed = new Readable({ read() {} });
    closed.push(Buffer.from([0x1f, 0x8b]));
    setTimeout(() => closed.destroy(), 10);
    await expect(inspectBundle(closed, defaultBundleLimits, dir)).rejects.toThrow('closed before its end');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses data that is not gzip, and a corrupt or cut gzip stream', async () => {
    await refused(good(), 'not_gzip');
    await refused(Buffer.alloc(0), 'not_gzip');
    const tgz = gzipSync(good());
    await refused(tgz.subarray(0, tgz.length - 20), 'not_gzip');
  });

  it('refuses a tar that is not one, or is cut short', async () => {
    await refused(gzipSync(Buffer.from('hello world, not a tar')), 'bad_tar');
    const t = good([{ name: 'big.bin', data: Buffer.alloc(4096, 7) }]);
    await refused(gzipSync(t.subarray(0, t.length - 3000)), 'bad_tar');
  });

  it('refuses zip-slip and absolute paths', async () => {
    for (const name of ['../evil.sh', 'a/../../evil.sh', '/etc/cron.d/evil', 'a\\..\\evil', 'C:/evil']) {
      const e = await refused(gzipSync(good([{ name, data: 'x' }])), 'unsafe_path');
      expect(e.message).toContain('Unsafe path');
    }
  });

  it('refuses symbolic and hard links, even ones that point inside the bundle', async () => {
    await refused(gzipSync(good([{ name: 'passwd', type: '2', linkname: '/etc/passwd' }])), 'link');
    await refused(gzipSync(good([{ name: 'copy.png', type: '1', linkname: 'logo.png' }])), 'link');
  });

  it('refuses device files and FIFOs', async () => {
    await refused(gzipSync(good([{ name: 'null', type: '3' }])), 'bad_tar');
    await refused(gzipSync(good([{ name: 'pipe', type: '6' }])), 'bad_tar');
  });

  it('refuses a gzip bomb by ratio, by unpacked size and by entry count', async () => {
    const bomb = gzipSync(good([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }]));
    expect(bomb.length).toBeLessThan(100 * 1024);
    await refused(bomb, 'bomb', { ...defaultBundleLimits, maxRatio: 100 });
    await refused(gzipSync(good([{ name: 'a.bin', data: Buffer.alloc(300 * 1024, 1) }])), 'bomb', {
      ...defaultBundleLimits,
      maxUnpackedBytes: 256 * 1024,
    });
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
    await refused(gzipSync(good(many)), 'bomb', { ...defaultBundleLimits, maxEntries: 20 });
  });

  it('refuses gzip inside gzip (the tar parser would unpack the inner one unbounded)', async () => {
    await refused(gzipSync(gzipSync(good())), 'bad_tar');
  });

  it('refuses a bundle without a root manifest, and a manifest that is not JSON or not valid', async () => {
    await refused(gzipSync(tar([{ name: 'app/blocklet.json', data: manifest() }])), 'manifest_missing');
    await refused(gzipSync(tar([{ name: 'blocklet.json', data: '{"name":' }])), 'manifest_invalid');
    const e = await refused(
      gzipSync(tar([{ name: 'blocklet.json', data: manifest({ version: '1.0', name: 'a b' }) }])),
      'manifest_invalid',
    );
    expect(e.message).toMatch(/name: .*; version: |version: .*; name: /);
    await refused(gzipSync(good([{ name: 'blocklet.json', data: manifest() }])), 'bad_tar');
  });

  it('refuses a manifest naming files the bundle lacks', async () => {
    const e = await refused(
      gzipSync(tar([{ name: 'blocklet.json', data: manifest({ logo: 'nope.png' }) }])),
      'manifest_invalid',
    );
    expect(e.param).toBe('logo');
  });

  it('refuses SVG and other non-raster images, and images over the size limit', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const e = await refused(
      gzipSync(
        tar([
          { name: 'blocklet.json', data: manifest({ logo: 'logo.svg' }) },
          { name: 'logo.svg', data: svg },
        ]),
      ),
      'image_invalid',
    );
    expect(e.message).toContain('SVG is not accepted');
    const png = tar([
      { name: 'blocklet.json', data: manifest({ logo: 'logo.png', screenshots: ['logo.png', 'big.png'] }) },
      { name: 'logo.png', data: PNG },
      { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(2048)]) },
    ]);
    const big = await refused(gzipSync(png), 'image_invalid', {
      ...defaultBundleLimits,
      maxImageBytes: 1024,
    });
    expect(big.param).toBe('screenshots.1');
  });
});
