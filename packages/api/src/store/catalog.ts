import { z } from 'zod';

/** Version states of an application (SPEC section 4 "Application review status"). */
export const versionStatus = z.enum([
  'draft',
  'pending_review',
  'in_review',
  'approved',
  'rejected',
  'cancelled',
  'published',
]);
export type VersionStatus = z.infer<typeof versionStatus>;

/** `first`: only the first version is reviewed; `each`: every version is. */
export const reviewType = z.enum(['first', 'each']);
export type ReviewType = z.infer<typeof reviewType>;

export const blockletPermission = z.enum(['public', 'private']);
export const blockletStatus = z.enum(['normal', 'blocked']);
export const blockletSource = z.enum(['web', 'cli']);

export const category = z.object({
  id: z.string(),
  /** Stable slug used in `/category/{category}` and the `category` filter. */
  name: z.string(),
  locales: z.object({ en: z.string(), zh: z.string() }),
});
export type Category = z.infer<typeof category>;

/** SPEC section 5: category names allow letters, digits, hyphen, underscore and space (zh: any letters). */
const categoryLabel = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\p{N} _-]+$/u, 'may contain only letters, digits, hyphen, underscore and space');

export const categoryCreate = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, 'may contain only lowercase letters, digits and hyphen'),
  locales: z.strictObject({ en: categoryLabel, zh: categoryLabel }),
});
export const categoryRename = z.strictObject({
  locales: z.strictObject({ en: categoryLabel, zh: categoryLabel }),
});

export const blockletVersion = z.object({
  version: z.string(),
  status: versionStatus,
  /** Markdown as given at upload or taken from the bundle's CHANGELOG.md ('' when none). */
  changelog: z.string(),
  /** The changelog rendered and sanitised like the README ('' when none). */
  changelog_html: z.string(),
  size: z.number().int(),
  sha512: z.string(),
  /** True when the upload carried a bundle signature the store verified (x-bundle-signature). */
  signed: z.boolean(),
  /** Whether this version's bundle has a logo, and how many screenshots: its own assets, not the current one's. */
  logo: z.boolean(),
  screenshots: z.number().int(),
  created_at: z.string(),
  published_at: z.string().nullable(),
});
export type BlockletVersion = z.infer<typeof blockletVersion>;

/**
 * Where Blocklet Server downloads a version's bundle: `tarball` (an absolute URL), `integrity` (the
 * Subresource Integrity string `sha512-<base64>` of the tarball) and `size` in bytes.
 */
export const blockletDist = z.object({
  tarball: z.string(),
  integrity: z.string(),
  size: z.number().int(),
});
export type BlockletDist = z.infer<typeof blockletDist>;

/** One application as the public list and detail answer it. */
export const blockletSummary = z.object({
  did: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  category: category.nullable(),
  /** The manifest's price (a decimal amount in whole units and a currency symbol); null means free. */
  price: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  version: z.string().nullable(),
  downloads: z.number().int(),
  owner: z.object({ did: z.string(), fullName: z.string() }),
  permission: blockletPermission,
  status: blockletStatus,
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** `/api/blocklets/{did}/{version}/{name}-{version}.tgz` of the current version, when one is published. */
  download_url: z.string().nullable(),
  /** The current version's bundle as Blocklet Server reads it (null while none is published). */
  dist: blockletDist.nullable(),
  /** Absolute URL of the shown version's logo, when its bundle has one. */
  logoUrl: z.string().optional(),
});
export type BlockletSummary = z.infer<typeof blockletSummary>;

/**
 * An application's `blocklet.json` as Blocklet Server resolves a component (`@blocklet/meta`
 * validates it with unknown keys stripped): the blocklet meta of the version shown (as signed at
 * upload, or derived from the manifest) at the top level, with `dist` pointing at this store, and the
 * store's own fields beside it.
 */
export const blockletDetail = blockletSummary
  .extend({
    /** The manifest (`blocklet.json`) of the version shown. */
    meta: z.record(z.string(), z.unknown()),
    dependencies: z.array(z.unknown()),
    dist: blockletDist,
    signatures: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .catchall(z.unknown());
export type BlockletDetail = z.infer<typeof blockletDetail>;

export const blockletListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(40).optional(),
  price: z.enum(['free', 'paid']).optional(),
  sort: z.enum(['downloads', 'updated', 'title', 'relevance']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(18),
});
export type BlockletListQuery = z.infer<typeof blockletListQuery>;

export const blockletList = z.object({
  dataList: z.array(blockletSummary),
  /** Matches counted up to a cap (at least 1,000 and the rows up to this page); see `totalExact`. */
  total: z.number().int(),
  /** False when more than `total` applications match (the list shows "1,000+"). */
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BlockletList = z.infer<typeof blockletList>;

export const storeInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** Largest bundle the upload accepts, as the size string the blocklet CLI parses ("100 MB"). */
  maxBundleSize: z.string(),
  /** The same limit in bytes. */
  maxBundleBytes: z.number().int(),
  reviewRequired: z.boolean(),
});
export type StoreInfo = z.infer<typeof storeInfo>;
