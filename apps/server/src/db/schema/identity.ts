import { sql } from 'drizzle-orm';
import { customType, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const PASSPORT_ROLES = ['owner', 'admin', 'member', 'developer'] as const;

/** Everyone who has signed in with a DID wallet. `did` is the bare address (`z1…`), no `did:abt:` prefix. */
export const users = pgTable('users', {
  did: text('did').primaryKey(),
  /** The wallet's public key (base58) from its last sign-in. */
  pk: text('pk').notNull(),
  fullName: text('full_name').notNull().default(''),
  email: text('email').notNull().default(''),
  /** An avatar the wallet gave as an https URL; an uploaded image lives in user_avatars instead. */
  avatarUrl: text('avatar_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Avatar images sent by the wallet as data URIs, served at /.well-known/service/user/avatar/{did}. */
export const userAvatars = pgTable('user_avatars', {
  did: text('did')
    .primaryKey()
    .references(() => users.did, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  data: bytea('data').notNull(),
  /** Content hash, used as the HTTP ETag. */
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A role granted to a user. Revoking keeps the row (who revoked, when) for the audit trail. */
export const passports = pgTable(
  'passports',
  {
    id: text('id').primaryKey(),
    userDid: text('user_did')
      .notNull()
      .references(() => users.did, { onDelete: 'cascade' }),
    role: text('role', { enum: PASSPORT_ROLES }).notNull(),
    issuedBy: text('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: text('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passports_user_role_active')
      .on(t.userDid, t.role)
      .where(sql`${t.revokedAt} IS NULL`),
    index('passports_role_active')
      .on(t.role)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored, so a database
 * leak does not leak sessions. `expiresAt` slides with use; `maxExpiresAt` never moves.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userDid: text('user_did')
      .notNull()
      .references(() => users.did, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_did').on(t.userDid), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * DID Connect tokens (one per QR code). `record` is the state the did-connect-js handlers keep;
 * `bindingHash` ties the token to the browser that created it; `consumedAt` makes the sign-in single use.
 */
export const didConnectTokens = pgTable(
  'did_connect_tokens',
  {
    token: text('token').primaryKey(),
    action: text('action').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    bindingHash: text('binding_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('did_connect_tokens_expires_at').on(t.expiresAt)],
);
