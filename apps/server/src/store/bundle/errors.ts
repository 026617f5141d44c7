// Why a bundle upload was refused. Every code is the uploader's fault (a 4xx), never a server error.

export type BundleErrorCode =
  /** The upload passed BundleLimits.maxBytes (detected while streaming, before the end). */
  | 'too_large'
  /** The upload is not gzip-compressed data (or the gzip stream is corrupt or cut short). */
  | 'not_gzip'
  /** The decompressed data is not a well-formed tar archive (checksum, truncation, duplicate paths,
   * device files, FIFOs or other entry types a bundle has no use for). */
  | 'bad_tar'
  /** An entry path is absolute, contains `..`, `.`, an empty segment, a backslash or control characters. */
  | 'unsafe_path'
  /** A symbolic or hard link: bundles hold regular files and directories only. */
  | 'link'
  /** Too many entries, too many unpacked bytes, or an unpacked/compressed ratio above the limit. */
  | 'bomb'
  /** No `blocklet.json` at the root of the archive. */
  | 'manifest_missing'
  /** `blocklet.json` is not valid JSON, fails the manifest schema, or names files the bundle lacks. */
  | 'manifest_invalid'
  /** A logo or screenshot is not PNG, JPEG, WebP or GIF (by its bytes; SVG is refused), or too large. */
  | 'image_invalid';

export class BundleError extends Error {
  override readonly name = 'BundleError';
  constructor(
    readonly code: BundleErrorCode,
    message: string,
    /** The manifest field at fault (`version`, `screenshots.1`), for `manifest_invalid` and `image_invalid`. */
    readonly param?: string,
  ) {
    super(message);
  }
}

/** The HTTP status for each refusal: 413 for an upload over the size limit, 400 for the rest. */
export const BUNDLE_ERROR_STATUS: Readonly<Record<BundleErrorCode, 400 | 413>> = {
  too_large: 413,
  not_gzip: 400,
  bad_tar: 400,
  unsafe_path: 400,
  link: 400,
  bomb: 400,
  manifest_missing: 400,
  manifest_invalid: 400,
  image_invalid: 400,
};
