// Reading a received bundle: gunzip with bomb limits (entries, unpacked bytes, ratio), then tar
// entries checked one by one. Nothing is ever extracted to disk; callers see each regular file's path
// and may collect its bytes up to a bound.
import { once } from 'node:events';
import { isSafeBundlePath } from '@payshelf/api';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { BundleError } from './errors.js';
import type { BundleLimits } from './limits.js';

/** The ratio limit applies once this many bytes are unpacked (tar padding makes tiny bundles compress
 * far better than any real content). */
const RATIO_FLOOR = 1024 * 1024;

/** Regular file types (old and contiguous files are plain files too). */
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const LINK_TYPES = new Set(['Link', 'SymbolicLink']);

export interface WalkFile {
  path: string;
  size: number;
}

/** What to do with a file's bytes: nothing, or collect up to `max` bytes (more throws `error`). */
export type Collect = null | { max: number; error: BundleError };

/**
 * The entry's path relative to the bundle root (a leading `./` and a directory's trailing `/`
 * dropped), or null for the root itself. Throws `unsafe_path` for absolute paths, drive letters,
 * backslashes, control characters, `.`/`..`/empty segments and paths over 255 characters.
 */
export function safeEntryPath(raw: string): string | null {
  const p = raw.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (p === '' || p === '.') return null;
  if (raw.startsWith('/') || !isSafeBundlePath(p))
    throw new BundleError('unsafe_path', `Unsafe path in the bundle: ${JSON.stringify(raw.slice(0, 300))}`);
  return p;
}

async function hasGzipMagic(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

/**
 * Walks every entry of the gzipped tar `file` within `limits`. `onFile` decides per regular file
 * whether its bytes are collected; `onCollected` receives them. Throws BundleError on any refusal.
 */
export async function walkBundle(
  file: string,
  limits: BundleLimits,
  onFile: (f: WalkFile) => Collect,
  onCollected: (path: string, bytes: Buffer) => void,
): Promise<WalkFile[]> {
  if (!(await hasGzipMagic(file)))
    throw new BundleError('not_gzip', 'The bundle is not a gzip-compressed tar (.tgz).');
  const files: WalkFile[] = [];
  const seen = new Set<string>();
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  let entries = 0;

  const parser = new Parser({ strict: true });
  parser.on('error', (e: unknown) =>
    fail(
      new BundleError(
        'bad_tar',
        `The bundle is not a valid tar archive: ${e instanceof Error ? e.message : String(e)}`,
      ),
    ),
  );
  parser.on('entry', (entry: ReadEntry) => {
    try {
      onEntry(entry);
    } catch (error) {
      fail(error);
      entry.resume();
    }
  });
  const onEntry = (entry: ReadEntry) => {
    if (++entries > limits.maxEntries)
      throw new BundleError('bomb', `The bundle has more than ${limits.maxEntries} entries.`);
    if (LINK_TYPES.has(entry.type))
      throw new BundleError('link', `Links are not allowed in a bundle: ${entry.path}`);
    const p = safeEntryPath(entry.path);
    if (entry.type === 'Directory') return void entry.resume();
    if (!FILE_TYPES.has(entry.type))
      throw new BundleError('bad_tar', `Entry type ${entry.type} is not allowed in a bundle: ${entry.path}`);
    if (p === null) throw new BundleError('unsafe_path', 'A file entry names the bundle root.');
    if (seen.has(p)) throw new BundleError('bad_tar', `The bundle holds ${p} twice.`);
    seen.add(p);
    const f = { path: p, size: entry.size };
    files.push(f);
    const collect = onFile(f);
    if (!collect) return void entry.resume();
    if (entry.size > collect.max) throw collect.error;
    const chunks: Buffer[] = [];
    entry.on('data', (c: Buffer) => chunks.push(c));
    entry.on('end', () => onCollected(p, Buffer.concat(chunks)));
  };

  const input = createReadStream(file);
  const gunzip = createGunzip();
  let compressed = 0;
  let unpacked = 0;
  input.on('data', (c) => (compressed += c.length));
  input.on('error', (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      if (unpacked === 0 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
        throw new BundleError('bad_tar', 'The bundle is gzip inside gzip; compress the tar once.');
      }
      unpacked += chunk.length;
      if (unpacked > limits.maxUnpackedBytes) {
        throw new BundleError('bomb', `The bundle unpacks to more than ${limits.maxUnpackedBytes} bytes.`);
      }
      if (unpacked > RATIO_FLOOR && unpacked > compressed * limits.maxRatio) {
        throw new BundleError('bomb', `The bundle unpacks more than ${limits.maxRatio} times its size.`);
      }
      if (!parser.write(chunk) && !failure) await once(parser, 'drain');
      if (failure) throw failure;
    }
    const ended = once(parser, 'end').catch(() => undefined);
    parser.end();
    if (!failure) await Promise.race([ended, once(parser, 'close')]);
    if (failure) throw failure;
    return files;
  } catch (error) {
    if (failure instanceof BundleError) throw failure;
    if (error instanceof BundleError) throw error;
    throw new BundleError(
      'not_gzip',
      `The bundle's gzip data is corrupt: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}
