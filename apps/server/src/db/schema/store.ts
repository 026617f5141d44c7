import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const VERSION_STATUSES = [
  'draft',
  'pending_review',
  'in_review',
  'approved',
  'rejected',
  'cancelled',
  'published',
] as const;
export const REVIEW_TYPES = ['first', 'each'] as const;

/** Store categories; `name` is the slug of `/category/{name}`, shown by its en or zh label. */
export const storeCategories = pgTable('store_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Applications (blocklets in routes). The version pointers reference `store_versions`; `current` is the
 * published one everyone sees, `latest` the highest uploaded, `draft` the upload waiting for a review
 * request, `review` the one under review. `search` is the weighted full-text document (title A, name and
 * keywords B, description C, plus encoded CJK bigrams), `searchText` the lowercase title and name the
 * trigram index matches typos against; both are written with the published metadata.
 */
export const storeBlocklets = pgTable(
  'store_blocklets',
  {
    id: text('id').primaryKey(),
    did: text('did').notNull().unique(),
    ownerDid: text('owner_did')
      .notNull()
      .references(() => users.did),
    name: text('name').notNull().unique(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    categoryId: text('category_id').references(() => storeCategories.id, { onDelete: 'set null' }),
    permission: text('permission', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    status: text('status', { enum: ['normal', 'blocked'] })
      .notNull()
      .default('normal'),
    blockReason: text('block_reason'),
    reviewType: text('review_type', { enum: REVIEW_TYPES }).notNull().default('each'),
    /** The published manifest's price as written (decimal whole units) and its currency; null means free. */
    priceAmount: text('price_amount'),
    priceCurrency: text('price_currency'),
    currentVersionId: text('current_version_id').references((): AnyPgColumn => storeVersions.id),
    latestVersionId: text('latest_version_id').references((): AnyPgColumn => storeVersions.id),
    draftVersionId: text('draft_version_id').references((): AnyPgColumn => storeVersions.id),
    reviewVersionId: text('review_version_id').references((): AnyPgColumn => storeVersions.id),
    downloads: bigint('downloads', { mode: 'number' }).notNull().default(0),
    source: text('source', { enum: ['web', 'cli'] })
      .notNull()
      .default('cli'),
    search: tsvector('search'),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('store_blocklets_owner').on(t.ownerDid),
    index('store_blocklets_search').using('gin', t.search),
    index('store_blocklets_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The admin console's search: title, name, DID and owner DID, any case (console-list.ts).
    index('store_blocklets_console_trgm').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.name} || ' ' || ${t.did} || ' ' || ${t.ownerDid}) gin_trgm_ops`,
    ),
    index('store_blocklets_updated').on(t.updatedAt),
    index('store_blocklets_listed')
      .on(t.downloads)
      .where(
        sql`${t.currentVersionId} IS NOT NULL AND ${t.status} = 'normal' AND ${t.permission} = 'public'`,
      ),
  ],
);

/**
 * Uploaded versions. One timestamp per status reached, and the admin who started, approved or rejected
 * the review. `storagePath` is the bundle's file under DATA_DIR/store, in place before the row exists.
 */
export const storeVersions = pgTable(
  'store_versions',
  {
    id: text('id').primaryKey(),
    blockletId: text('blocklet_id')
      .notNull()
      .references((): AnyPgColumn => storeBlocklets.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    status: text('status', { enum: VERSION_STATUSES }).notNull(),
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull(),
    changelog: text('changelog').notNull().default(''),
    size: integer('size').notNull(),
    /** The Ed25519 signature of `sha512` by the uploading token's key (base64url), verified at upload; null: unsigned. */
    signature: text('signature'),
    /**
     * The blocklet meta as `blocklet upload` signed it (`signatures[]` verified at upload); null for
     * bundles uploaded with a `pst_` token or from the web page, whose meta is derived from `manifest`.
     */
    blockletMeta: jsonb('blocklet_meta').$type<Record<string, unknown>>(),
    sha512: text('sha512').notNull(),
    storagePath: text('storage_path').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    inReviewAt: timestamp('in_review_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    inReviewBy: text('in_review_by'),
    approvedBy: text('approved_by'),
    rejectedBy: text('rejected_by'),
  },
  (t) => [uniqueIndex('store_versions_blocklet_version').on(t.blockletId, t.version)],
);

/** Developer access tokens for command-line upload: only the SHA-256 of the secret is stored. */
export const storeAccessTokens = pgTable(
  'store_access_tokens',
  {
    id: text('id').primaryKey(),
    userDid: text('user_did')
      .notNull()
      .references(() => users.did, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    redacted: text('redacted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Ed25519 public key (raw 32 bytes, base64url) derived from the secret; null for tokens made before signing. */
    signingKey: text('signing_key'),
    /**
     * A wallet credential handed to the blocklet CLI by `/connect-cli`: the wallet's DID (the
     * `signer` of the blocklet meta signatures it makes) and its public key (base58). Null for `pst_`
     * tokens. The wallet's secret key is never stored (`secret_hash` is its SHA-256).
     */
    walletDid: text('wallet_did').unique(),
    walletPk: text('wallet_pk'),
  },
  (t) => [index('store_access_tokens_user').on(t.userDid)],
);

/** The review thread of a version: developer replies, reviewer comments and one line per transition. */
export const storeReviewComments = pgTable(
  'store_review_comments',
  {
    id: text('id').primaryKey(),
    versionId: text('version_id')
      .notNull()
      .references(() => storeVersions.id, { onDelete: 'cascade' }),
    authorDid: text('author_did').notNull(),
    authorRole: text('author_role', { enum: ['owner', 'reviewer', 'system'] }).notNull(),
    action: text('action', {
      enum: ['request', 'start', 'reply', 'approve', 'reject', 'comment', 'cancel', 'publish'],
    }).notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_review_comments_version').on(t.versionId, t.createdAt)],
);

/** Downloads counted per application and UTC day (the detail page's chart). */
export const storeDownloadsDaily = pgTable(
  'store_downloads_daily',
  {
    blockletId: text('blocklet_id')
      .notNull()
      .references(() => storeBlocklets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockletId, t.day] })],
);

/**
 * Connect-CLI handoffs: the CLI's X25519 public key, then (once a developer approves with the wallet)
 * only the token sealed to that key. Handed out once (`consumed_at`), refused after `expires_at`.
 */
export const storeConnectSessions = pgTable(
  'store_connect_sessions',
  {
    id: text('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    /** Short code both the CLI and the page show. */
    code: text('code').notNull(),
    status: text('status', { enum: ['pending', 'approved'] })
      .notNull()
      .default('pending'),
    sealed: jsonb('sealed').$type<{ ephemeralPublicKey: string; iv: string; ciphertext: string }>(),
    approvedBy: text('approved_by'),
    tokenId: text('token_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('store_connect_sessions_expires').on(t.expiresAt)],
);

export type StoreBlockletRow = typeof storeBlocklets.$inferSelect;
export type StoreVersionRow = typeof storeVersions.$inferSelect;
export type StoreCategoryRow = typeof storeCategories.$inferSelect;
