// The store's view of the bundle inspection (apps/server/src/store/bundle, built alongside): the one
// file that knows its exports, so the rest of the module depends on the narrow types below.
import { ApiError } from '../core/http/errors.js';
import { BundleError, defaultBundleLimits, inspectBundle, type GivenManifest } from './bundle/index.js';

/** The manifest fields the store reads (validated by the inspection with `blockletManifest`). */
export interface UploadManifest {
  did: string;
  name: string;
  version: string;
  title: string;
  description: string;
  keywords: string[];
}

export interface InspectedUpload {
  /** The bundle streamed to a temporary file; the caller moves it into place or deletes it. */
  tempPath: string;
  sha512: string;
  size: number;
  manifest: UploadManifest;
  /** The bundle's CHANGELOG.md, when it has one. */
  files?: { changelog?: string };
}

export type Inspect = (
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  tmpDir: string,
  given?: GivenManifest,
) => Promise<InspectedUpload>;

export type { GivenManifest };
export { BundleError };

/**
 * Streams `stream` through the inspection with the configured size limit and the default bomb limits;
 * `given` builds the manifest from a signed meta sent beside the bundle (the blocklet CLI's upload).
 */
export const inspect: Inspect = (stream, maxBytes, tmpDir, given) =>
  inspectBundle(stream, { ...defaultBundleLimits, maxBytes }, tmpDir, given);

/** The 4xx a refused bundle answers (413 `bundle_too_large` while streaming), or null for any other error. */
export function bundleRefusal(err: unknown): ApiError | null {
  if (!(err instanceof BundleError)) return null;
  if (err.code === 'too_large') {
    return new ApiError('invalid_request_error', 'bundle_too_large', err.message, undefined, 413);
  }
  return ApiError.badRequest(`bundle_${err.code}`, err.message, err.param);
}
