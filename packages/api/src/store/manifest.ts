// `blocklet.json`, the manifest at the root of every store bundle (.tgz): what the app is, which
// files of the bundle are its logo, screenshots and README, and its optional price. The server
// validates it on upload and the CLI before bundling, with this one schema.
import { z } from 'zod';
import { textProblem } from '../bounds.js';
import { SEMVER_MAX_LENGTH, parseSemver } from './semver.js';

export { SEMVER_PATTERN, compareSemver, parseSemver } from './semver.js';
export type { Semver } from './semver.js';

/** Application names: letters, digits, hyphen and underscore, this many characters. */
export const BLOCKLET_NAME_MIN = 2;
export const BLOCKLET_NAME_MAX = 64;
export const BLOCKLET_TITLE_MAX = 80;
export const BLOCKLET_DESCRIPTION_MAX = 500;
export const BLOCKLET_KEYWORDS_MAX = 20;
export const BLOCKLET_KEYWORD_MAX = 32;
export const BLOCKLET_SCREENSHOTS_MAX = 10;
export const BLOCKLET_DEPENDENCIES_MAX = 50;
/** Longest path of a file inside a bundle, in characters. */
export const BUNDLE_PATH_MAX = 255;
/** The manifest's file name, at the bundle's root. */
export const MANIFEST_FILE = 'blocklet.json';

/** Text PostgreSQL can store, trimmed, between `min` and `max` characters. */
function text(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .superRefine((v, ctx) => {
      const problem = textProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The name rule of the store forms: required, 2–64 letters, digits, hyphens and underscores. */
export const blockletName = z
  .string()
  .min(BLOCKLET_NAME_MIN, `must be at least ${BLOCKLET_NAME_MIN} characters`)
  .max(BLOCKLET_NAME_MAX, `must be at most ${BLOCKLET_NAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, hyphens and underscores');

/** An application DID: the bare ABT address (`z…`); a `did:abt:` prefix is accepted and removed. */
export const blockletDid = z
  .string()
  .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be an ABT DID such as z1… or did:abt:z1…')
  .transform((v) => v.replace(/^did:abt:/, ''));

/** A semantic version (semver.org), at most 64 characters. */
export const semverString = z
  .string()
  .max(SEMVER_MAX_LENGTH)
  .refine((v) => parseSemver(v) !== null, 'must be a semantic version such as 1.2.3');

/**
 * True for a file path inside a bundle: relative POSIX, at most 255 characters, without `.`, `..` or
 * empty segments, backslashes, control characters, a leading slash or a drive letter.
 */
export function isSafeBundlePath(p: string): boolean {
  if (p.length === 0 || p.length > BUNDLE_PATH_MAX || p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return false;
  }
  return p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** A file inside the bundle (see `isSafeBundlePath`). */
export const bundlePath = z
  .string()
  .refine(
    isSafeBundlePath,
    'must be a relative path inside the bundle (no leading /, no . or .. segments, no backslashes)',
  );

/** A dependency on another store application: its DID and a semver range such as `^1.2.0`. */
export const blockletDependency = z.object({
  did: blockletDid,
  version: z.string().regex(/^[0-9A-Za-z.*^~<>=|+ -]{1,64}$/, 'must be a semver range such as ^1.2.0'),
});

/**
 * Price of a paid application: a positive decimal amount in whole currency units (`"9.99"`, up to 18
 * decimal places, never a JSON number) and the currency's symbol. No price means free.
 */
export const blockletPrice = z.object({
  amount: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, 'must be a decimal amount as a string, such as "9.99"')
    .refine((v) => /[1-9]/.test(v), 'must be greater than zero'),
  currency: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'must be a currency symbol such as USD or TBA'),
});

export const blockletManifest = z.object({
  did: blockletDid,
  name: blockletName,
  version: semverString,
  title: text(1, BLOCKLET_TITLE_MAX),
  description: text(1, BLOCKLET_DESCRIPTION_MAX),
  /** Path of the logo inside the bundle (PNG, JPEG, WebP or GIF). */
  logo: bundlePath.optional(),
  /** Paths of screenshots inside the bundle, in display order. */
  screenshots: z.array(bundlePath).max(BLOCKLET_SCREENSHOTS_MAX).default([]),
  /** Path of the README (Markdown) inside the bundle. */
  readme: bundlePath.optional(),
  keywords: z.array(text(1, BLOCKLET_KEYWORD_MAX)).max(BLOCKLET_KEYWORDS_MAX).default([]),
  dependencies: z.array(blockletDependency).max(BLOCKLET_DEPENDENCIES_MAX).default([]),
  price: blockletPrice.optional(),
});
export type BlockletManifest = z.infer<typeof blockletManifest>;
/** A manifest as written in `blocklet.json` (defaults not applied yet). */
export type BlockletManifestInput = z.input<typeof blockletManifest>;
