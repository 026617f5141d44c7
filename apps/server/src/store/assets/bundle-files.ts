// A published bundle's logo, screenshots and README, read from the stored .tgz on demand (the walk
// keeps the upload's bomb and path limits) and kept in a small in-memory cache by bundle digest, so
// nothing is ever extracted to disk and a file always matches the bundle it came from.
import { BundleError, defaultBundleLimits, README_MAX_BYTES } from '../bundle/index.js';
import { sniffImage, type ImageContentType } from '../bundle/images.js';
import { walkBundle } from '../bundle/walk.js';
import type { BundleStorage } from '../storage.js';

/** Total bytes the cache keeps; the least recently used files go first. */
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cached = 0;

function remember(key: string, bytes: Buffer): void {
  if (bytes.length > CACHE_BYTES / 4) return;
  cache.set(key, bytes);
  cached += bytes.length;
  for (const [k, v] of cache) {
    if (cached <= CACHE_BYTES) break;
    cache.delete(k);
    cached -= v.length;
  }
}

/** The bytes of `inner` inside the bundle at `storagePath` (at most `max`), or null when absent. */
export async function readBundleFile(
  storage: BundleStorage,
  storagePath: string,
  sha512: string,
  inner: string,
  max: number,
): Promise<Buffer | null> {
  const key = `${sha512}:${inner}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let found: Buffer | null = null;
  const tooBig = new BundleError('image_invalid', `${inner} is larger than ${max} bytes.`);
  await walkBundle(
    storage.absolutePath(storagePath),
    defaultBundleLimits,
    (f) => (f.path === inner ? { max, error: tooBig } : null),
    (_, bytes) => (found = bytes),
  );
  if (found) remember(key, found);
  return found;
}

export interface BundleImageFile {
  contentType: ImageContentType;
  bytes: Buffer;
}

/** An image of the bundle, typed by its bytes (PNG, JPEG, WebP or GIF); null for anything else. */
export async function readBundleImage(
  storage: BundleStorage,
  storagePath: string,
  sha512: string,
  inner: string,
): Promise<BundleImageFile | null> {
  const bytes = await readBundleFile(storage, storagePath, sha512, inner, defaultBundleLimits.maxImageBytes);
  const contentType = bytes ? sniffImage(bytes) : null;
  return bytes && contentType ? { contentType, bytes } : null;
}

/** The bundle's README as UTF-8 text, or null. */
export async function readBundleReadme(
  storage: BundleStorage,
  storagePath: string,
  sha512: string,
  inner: string,
): Promise<string | null> {
  const bytes = await readBundleFile(storage, storagePath, sha512, inner, README_MAX_BYTES);
  return bytes ? bytes.toString('utf8') : null;
}
