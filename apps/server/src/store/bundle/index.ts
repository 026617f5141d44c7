// The store's bundle gate: an uploaded .tgz is received to a temp file (size limit enforced while
// streaming, sha512 computed on the way), walked without extraction (gzip/tar bomb limits, safe paths,
// no links or devices), and its manifest, logo, screenshots and README checked. A refused upload
// leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, type BlockletManifest } from '@payshelf/api';
import { BundleError } from './errors.js';
import { sniffImage, type ImageContentType } from './images.js';
import { MANIFEST_MAX_BYTES, README_MAX_BYTES, type BundleLimits } from './limits.js';
import { parseManifest, utf8Text } from './manifest.js';
import { receiveToFile } from './receive.js';
import { walkBundle, type Collect } from './walk.js';

export { BUNDLE_ERROR_STATUS, BundleError, type BundleErrorCode } from './errors.js';
export { defaultBundleLimits, MANIFEST_MAX_BYTES, README_MAX_BYTES, type BundleLimits } from './limits.js';
export type { ImageContentType } from './images.js';

/** The bundle's changelog file, at its root. */
export const CHANGELOG_FILE = 'CHANGELOG.md';

export interface BundleImage {
  /** Path inside the bundle, as the manifest names it. */
  path: string;
  /** From the image's bytes, never its name: serve it with exactly this type. */
  contentType: ImageContentType;
  bytes: Buffer;
}

export interface InspectedBundle {
  /** The .tgz as uploaded (mode 600), inside `tmpDir`; move it into place or call `discard()`. */
  tempPath: string;
  /** sha512 of the upload, lowercase hex. */
  sha512: string;
  /** Size of the upload in bytes. */
  size: number;
  manifest: BlockletManifest;
  files: { logo?: BundleImage; screenshots: BundleImage[]; readme?: string; changelog?: string };
  /** Removes the temp file (safe to call twice, or after it was moved away). */
  discard(): Promise<void>;
}

/**
 * Receives and checks an uploaded bundle. Throws BundleError (every code is the uploader's fault) or
 * the stream's own error (the client went away); either way no file is left in `tmpDir`.
 */
/**
 * A manifest given beside the bundle (the blocklet CLI's signed meta) instead of the bundle's own
 * `blocklet.json`: built from the bundle's file paths; throws BundleError when it is not acceptable.
 */
export type GivenManifest = (paths: ReadonlySet<string>) => BlockletManifest;

export async function inspectBundle(
  stream: NodeJS.ReadableStream,
  limits: BundleLimits,
  tmpDir: string,
  given?: GivenManifest,
): Promise<InspectedBundle> {
  await mkdir(tmpDir, { recursive: true });
  const tempPath = path.join(tmpDir, `bundle-${randomUUID()}.tgz`);
  const { sha512, size } = await receiveToFile(stream, tempPath, limits.maxBytes);
  try {
    const { manifest, files } = await checkContents(tempPath, limits, given);
    return { tempPath, sha512, size, manifest, files, discard: () => rm(tempPath, { force: true }) };
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

async function checkContents(file: string, limits: BundleLimits, given?: GivenManifest) {
  // First pass: the archive's structure and the manifest.
  let manifestBytes: Buffer | undefined;
  const tooBigManifest = new BundleError(
    'manifest_invalid',
    `blocklet.json is larger than ${MANIFEST_MAX_BYTES} bytes.`,
  );
  const entries = await walkBundle(
    file,
    limits,
    (f) => (!given && f.path === MANIFEST_FILE ? { max: MANIFEST_MAX_BYTES, error: tooBigManifest } : null),
    (_, bytes) => (manifestBytes = bytes),
  );
  let manifest: BlockletManifest;
  if (given) manifest = given(new Set(entries.map((e) => e.path)));
  else if (!manifestBytes)
    throw new BundleError('manifest_missing', `The bundle has no ${MANIFEST_FILE} at its root.`);
  else manifest = parseManifest(manifestBytes);

  // Every file the manifest names must be in the bundle and within its size limit.
  const sizes = new Map(entries.map((e) => [e.path, e.size]));
  const images = [
    ...(manifest.logo ? [{ path: manifest.logo, param: 'logo' }] : []),
    ...manifest.screenshots.map((p, i) => ({ path: p, param: `screenshots.${i}` })),
  ];
  const wanted = new Map<string, Collect>();
  for (const { path: p, param } of images) {
    const size = sizes.get(p);
    if (size === undefined) throw missing(p, param);
    const error = new BundleError(
      'image_invalid',
      `${p} is larger than ${limits.maxImageBytes} bytes.`,
      param,
    );
    if (size > limits.maxImageBytes) throw error;
    wanted.set(p, { max: limits.maxImageBytes, error });
  }
  if (manifest.readme) {
    const size = sizes.get(manifest.readme);
    if (size === undefined) throw missing(manifest.readme, 'readme');
    const error = new BundleError(
      'manifest_invalid',
      `${manifest.readme} is larger than ${README_MAX_BYTES} bytes.`,
      'readme',
    );
    if (size > README_MAX_BYTES) throw error;
    wanted.set(manifest.readme, { max: README_MAX_BYTES, error });
  }

  // An optional CHANGELOG.md at the root (the version's changelog when the upload gives none); one
  // over the README's size limit or not UTF-8 is ignored rather than refused.
  const changelogSize = sizes.get(CHANGELOG_FILE);
  if (changelogSize !== undefined && changelogSize <= README_MAX_BYTES && !wanted.has(CHANGELOG_FILE)) {
    wanted.set(CHANGELOG_FILE, {
      max: README_MAX_BYTES,
      error: new BundleError('manifest_invalid', `${CHANGELOG_FILE} is too large.`),
    });
  }

  // Second pass: collect only those files.
  const collected = new Map<string, Buffer>();
  if (wanted.size > 0) {
    await walkBundle(
      file,
      limits,
      (f) => wanted.get(f.path) ?? null,
      (p, bytes) => collected.set(p, bytes),
    );
  }
  const image = ({ path: p, param }: { path: string; param: string }): BundleImage => {
    const bytes = collected.get(p) ?? Buffer.alloc(0);
    const contentType = sniffImage(bytes);
    if (!contentType) {
      throw new BundleError(
        'image_invalid',
        `${p} is not a PNG, JPEG, WebP or GIF image (SVG is not accepted).`,
        param,
      );
    }
    return { path: p, contentType, bytes };
  };
  const logo = manifest.logo ? image({ path: manifest.logo, param: 'logo' }) : undefined;
  const screenshots = manifest.screenshots.map((p, i) => image({ path: p, param: `screenshots.${i}` }));
  let readme: string | undefined;
  if (manifest.readme) {
    const text = utf8Text(collected.get(manifest.readme) ?? Buffer.alloc(0));
    if (text === null)
      throw new BundleError('manifest_invalid', `${manifest.readme} is not UTF-8 text.`, 'readme');
    readme = text;
  }
  const changelogBytes = collected.get(CHANGELOG_FILE);
  const changelog = changelogBytes ? utf8Text(changelogBytes) : null;
  return {
    manifest,
    files: {
      ...(logo ? { logo } : {}),
      screenshots,
      ...(readme !== undefined ? { readme } : {}),
      ...(changelog !== null ? { changelog } : {}),
    },
  };
}

function missing(p: string, param: string): BundleError {
  return new BundleError('manifest_invalid', `blocklet.json names ${p}, which is not in the bundle.`, param);
}
