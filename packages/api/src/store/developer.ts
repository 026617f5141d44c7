import { z } from 'zod';
import { blockletSummary, blockletVersion, reviewType, versionStatus } from './catalog.js';
import { blockletDid, blockletName } from './manifest.js';

export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  /** `pst_…` plus the last four characters; the secret itself is shown once, in the create answer. */
  redacted: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Only in the answer to create. */
  secret: z.string().optional(),
});
export type AccessToken = z.infer<typeof accessToken>;

/** SPEC section 5: an access token name is required. */
export const accessTokenCreate = z.strictObject({ name: z.string().trim().min(1).max(64) });

/** What `POST /api/blocklets/upload` answers: `published` when no review was needed. */
export const uploadResult = z.object({
  did: z.string(),
  name: z.string(),
  version: z.string(),
  status: z.enum(['uploaded', 'published']),
  size: z.number().int(),
  sha512: z.string(),
});
export type UploadResult = z.infer<typeof uploadResult>;

export const reviewComment = z.object({
  id: z.string(),
  version: z.string(),
  author: z.object({ did: z.string(), role: z.enum(['owner', 'reviewer', 'system']) }),
  action: z.enum(['request', 'start', 'reply', 'approve', 'reject', 'comment', 'cancel', 'publish']),
  body: z.string(),
  created_at: z.string(),
});
export type ReviewComment = z.infer<typeof reviewComment>;

export const versionDetail = blockletVersion.extend({
  pending_at: z.string().nullable(),
  in_review_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  in_review_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  rejected_by: z.string().nullable(),
});
export type VersionDetail = z.infer<typeof versionDetail>;

/** An application as its owner and the admins see it: every version with its review state. */
export const ownedBlocklet = blockletSummary.extend({
  review_type: reviewType,
  block_reason: z.string().nullable(),
  source: z.enum(['web', 'cli']),
  latest_version: z.string().nullable(),
  draft_version: z.string().nullable(),
  review_version: z.string().nullable(),
  review_status: versionStatus.nullable(),
  versions: z.array(versionDetail),
});
export type OwnedBlocklet = z.infer<typeof ownedBlocklet>;

/** The admin console's list: a filter, a search over title, name, DID and owner, and a page. */
export const consoleListQuery = z.object({
  /** `review`: applications with a version pending or in review; `blocked`: blocked ones. */
  filter: z.enum(['all', 'review', 'blocked']).default('all'),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type ConsoleListQuery = z.infer<typeof consoleListQuery>;

/** A page of the console's list, pending reviews first, then in review, then the most recently updated. */
export const consoleList = z.object({
  dataList: z.array(ownedBlocklet),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConsoleList = z.infer<typeof consoleList>;

export const reviewVersionBody = z.strictObject({ version: z.string().min(1).max(64) });

export const commentBody = z.strictObject({
  version: z.string().min(1).max(64),
  body: z.string().trim().min(1).max(4000),
});

export const adminReviewBody = z.strictObject({
  version: z.string().min(1).max(64),
  action: z.enum(['start', 'approve', 'reject']),
  /** With approve: the review type from now on (default: unchanged). */
  reviewType: reviewType.optional(),
  /** With approve: the category to file the application under (a category id). */
  category: z.string().max(64).optional(),
  /** With reject: why; posted as a comment. */
  reason: z.string().trim().max(4000).optional(),
});

export const blockBody = z.strictObject({ reason: z.string().trim().min(1).max(255) });

export const blockletAdminUpdate = z.strictObject({
  category: z.string().max(64).nullable().optional(),
  reviewType: reviewType.optional(),
});

export const blockletOwnerUpdate = z.strictObject({
  permission: z.enum(['public', 'private']).optional(),
});

export const storeSettings = z.object({ reviewRequired: z.boolean() });
export const storeSettingsBody = z.strictObject({ reviewRequired: z.boolean() });
export type StoreSettings = z.infer<typeof storeSettings>;

/**
 * Creating an application from the web before its first upload: the name (SPEC section 5 rule) and,
 * optionally, its DID (when absent the store assigns one; the bundle's manifest must then carry it).
 */
export const blockletCreate = z.strictObject({
  name: blockletName,
  did: blockletDid.optional(),
  permission: z.enum(['public', 'private']).optional(),
});
export type BlockletCreate = z.input<typeof blockletCreate>;
