// `publish [dir|tgz]`: bundles a folder (or takes a .tgz), checks its size against the store's
// limit, and uploads it with its sha512 and the access token; the store answers `uploaded` (waiting
// for review) or `published`.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buildBundle } from './bundle.js';
import { STORE_INFO, UPLOAD } from './endpoints.js';
import { CliError } from './errors.js';
import { explainFailure, request } from './http.js';
import { formatBytes, progressBar, type Progress } from './progress.js';
import { signBundle } from './signing.js';

/** Longest percent-encoded changelog the store accepts in `x-blocklet-changelog`. */
export const CHANGELOG_HEADER_MAX = 12_000;

export interface PublishResult {
  status: 'uploaded' | 'published';
  did?: string;
  version?: string;
  size: number;
  sha512: string;
}

/** The bundle bytes for `target`: a .tgz file as it is, or a folder bundled now. */
export async function bundleBytes(target: string): Promise<Buffer> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new CliError(`${target} does not exist.`);
  if (info.isDirectory()) return (await buildBundle(target)).bytes;
  if (!/\.(tgz|tar\.gz)$/.test(target))
    throw new CliError(`${target} is neither a folder nor a .tgz bundle.`);
  return readFile(target);
}

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** Bytes of a size string as Blocklet stores give it ("100 MiB", "100 MB"), or null when it is not one. */
export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMG]?i?B)\s*$/i.exec(text);
  const unit = match?.[2] ? UNITS[match[2].toLowerCase()] : undefined;
  return match?.[1] && unit ? Math.floor(Number(match[1]) * unit) : null;
}

/**
 * The store's size limit, or null when it does not say (an older store): `maxBundleBytes`, else
 * `maxBundleSize` as bytes (older Payshelf stores) or as a size string (Blocklet stores).
 */
async function maxBundleSize(store: string): Promise<number | null> {
  const answer = await request(store, STORE_INFO);
  if (answer.status !== 200 || !answer.json || typeof answer.json !== 'object') return null;
  const { maxBundleBytes, maxBundleSize: size } = answer.json as Record<string, unknown>;
  const max =
    typeof maxBundleBytes === 'number'
      ? maxBundleBytes
      : typeof size === 'number'
        ? size
        : typeof size === 'string'
          ? parseSize(size)
          : null;
  return max !== null && max > 0 ? max : null;
}

export async function publish(
  store: string,
  token: string,
  target: string,
  progress: (total: number) => Progress = progressBar,
  changelog?: string,
): Promise<PublishResult> {
  // The changelog travels percent-encoded in a header; the store takes at most 12 KB of it.
  const encodedChangelog = changelog ? encodeURIComponent(changelog) : null;
  if (encodedChangelog && encodedChangelog.length > CHANGELOG_HEADER_MAX) {
    throw new CliError(
      'The changelog is too long for --changelog; put it in CHANGELOG.md in the bundle instead.',
    );
  }
  const bytes = await bundleBytes(path.resolve(target));
  const sha512 = createHash('sha512').update(bytes).digest('hex');
  const max = await maxBundleSize(store);
  if (max !== null && bytes.length > max) {
    throw new CliError(
      `The bundle is too large for this store: ${formatBytes(bytes.length)}, the limit is ${formatBytes(max)}.`,
    );
  }
  const bar = progress(bytes.length);
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      sent += chunk.length;
      bar.update(sent);
      done(null, chunk);
    },
  });
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
    bytes.subarray(i * 65536, (i + 1) * 65536),
  );
  const answer = await request(store, UPLOAD, {
    method: 'POST',
    token,
    headers: {
      'content-type': 'application/gzip',
      'content-length': String(bytes.length),
      'x-bundle-sha512': sha512,
      // The sha512 signed with the token's key (signing.ts); the store refuses a signature that fails.
      'x-bundle-signature': signBundle(token, sha512),
      ...(encodedChangelog ? { 'x-blocklet-changelog': encodedChangelog } : {}),
    },
    stream: Readable.from(chunks).pipe(counter),
    timeoutMs: 120_000,
  }).finally(() => bar.finish());
  if (answer.status < 200 || answer.status >= 300) throw explainFailure(store, answer);
  const body = (answer.json ?? {}) as Record<string, unknown>;
  if (body.status !== 'uploaded' && body.status !== 'published') {
    throw new CliError(`The store accepted the upload but gave no status (HTTP ${answer.status}).`);
  }
  return {
    status: body.status,
    ...(typeof body.did === 'string' ? { did: body.did } : {}),
    ...(typeof body.version === 'string' ? { version: body.version } : {}),
    size: bytes.length,
    sha512,
  };
}
