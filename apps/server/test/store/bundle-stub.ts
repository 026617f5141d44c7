// A stand-in for apps/server/src/store/bundle (built in parallel on another branch) used only by these
// tests when that module is absent: streams the upload to a temp file with the size limit enforced
// while streaming, hashes it, and reads blocklet.json from the tar. It checks far less than the real
// inspection (no bomb, link or image rules); the store's own rules are what these tests exercise.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ApiError } from '../../src/core/http/errors.js';

export class BundleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BundleLimits {
  maxBytes: number;
}

function entries(tar: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    out.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

export async function inspectBundle(stream: NodeJS.ReadableStream, limits: BundleLimits, tmpDir: string) {
  await mkdir(tmpDir, { recursive: true });
  const tempPath = path.join(tmpDir, `stub-${randomUUID()}.tgz`);
  const hash = createHash('sha512');
  let size = 0;
  const out = createWriteStream(tempPath);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) throw new BundleError('too_large', 'The bundle is too large');
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    let files: Map<string, Buffer>;
    try {
      files = entries(gunzipSync(await readFile(tempPath)));
    } catch {
      throw new BundleError('not_gzip', 'The bundle is not a gzipped tar');
    }
    const raw = files.get('blocklet.json');
    if (!raw) throw new BundleError('manifest_missing', 'blocklet.json is missing');
    const parsed = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const str = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : null);
    const [did, name, version] = [str('did'), str('name'), str('version')];
    if (!did || !name || !version) throw new BundleError('manifest_invalid', 'blocklet.json is invalid');
    const keywords = Array.isArray(parsed.keywords)
      ? parsed.keywords.filter((k) => typeof k === 'string')
      : [];
    return {
      tempPath,
      sha512: hash.digest('hex'),
      size,
      manifest: {
        ...parsed,
        did,
        name,
        version,
        title: str('title') ?? name,
        description: str('description') ?? '',
        keywords,
        dependencies: [],
        screenshots: [],
      },
      files: { screenshots: [] },
    };
  } catch (err) {
    out.destroy();
    await unlink(tempPath).catch(() => undefined);
    throw err;
  }
}

/** The store's bundle port (src/store/bundle-port.ts) over this stand-in. */
export const inspect = (stream: NodeJS.ReadableStream, maxBytes: number, tmpDir: string) =>
  inspectBundle(stream, { maxBytes }, tmpDir);

export function bundleRefusal(err: unknown): ApiError | null {
  if (!(err instanceof BundleError)) return null;
  if (err.code === 'too_large') {
    return new ApiError('invalid_request_error', 'bundle_too_large', err.message, undefined, 413);
  }
  return ApiError.badRequest(`bundle_${err.code}`, err.message);
}
