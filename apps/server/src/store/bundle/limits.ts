/** Bounds an uploaded bundle must stay within. */
export interface BundleLimits {
  /** Largest upload (the .tgz as sent), in bytes; checked while streaming. */
  maxBytes: number;
  /** Most tar entries (files and directories). */
  maxEntries: number;
  /** Most bytes once decompressed (the tar stream). */
  maxUnpackedBytes: number;
  /** Largest unpacked/compressed ratio, applied once more than 1 MiB is unpacked. */
  maxRatio: number;
  /** Largest logo or screenshot, in bytes. */
  maxImageBytes: number;
}

const MiB = 1024 * 1024;

export const defaultBundleLimits: BundleLimits = {
  maxBytes: 100 * MiB,
  maxEntries: 10_000,
  maxUnpackedBytes: 500 * MiB,
  maxRatio: 200,
  maxImageBytes: 2 * MiB,
};

/** Largest `blocklet.json`, in bytes. */
export const MANIFEST_MAX_BYTES = 64 * 1024;
/** Largest README, in bytes. */
export const README_MAX_BYTES = 1 * MiB;
