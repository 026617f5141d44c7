import type { AccessToken, SessionUser } from '@payshelf/api';
import { fromRandom } from '@ocap/wallet';
import { signingPublicKey } from '@payshelf/store-cli';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { storeError } from '../errors.js';
import { storeAccessTokens } from '../../db/schema/index.js';
import { newId, randomBase62, sha256Hex } from '../../payment/shared/ids.js';
import type { DbLike, StoreContext } from '../context.js';

type TokenRow = typeof storeAccessTokens.$inferSelect;

/** Store access tokens: `pst_` and 40 base62 characters. */
export const TOKEN_PATTERN = /^pst_[A-Za-z0-9]{40}$/;
const BEARER = /^Bearer\s+(\S+)$/i;

function serialize(row: TokenRow, secret?: string): AccessToken {
  return {
    id: row.id,
    name: row.name,
    redacted: row.redacted,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    ...(secret ? { secret } : {}),
  };
}

/**
 * Creates a token for the developer; the answer is the only place its secret ever appears. With
 * `wallet`, the token also gets a wallet credential for the blocklet CLI (its `accessToken`): a random
 * Ed25519 wallet whose secret key is returned once as `walletSecretKey`; the store keeps only the
 * wallet's DID and public key, and accepts blocklet metas that wallet signed as the developer's uploads.
 */
export async function createToken(
  db: DbLike,
  user: SessionUser,
  name: string,
  options: { wallet?: boolean } = {},
): Promise<AccessToken & { walletSecretKey?: string }> {
  const secret = `pst_${randomBase62(40)}`;
  const wallet = options.wallet ? fromRandom() : null;
  const [row] = await db
    .insert(storeAccessTokens)
    .values({
      id: newId('tok'),
      userDid: user.did,
      name,
      secretHash: sha256Hex(secret),
      redacted: `pst_…${secret.slice(-4)}`,
      signingKey: signingPublicKey(secret),
      walletDid: wallet?.address ?? null,
      walletPk: wallet ? String(wallet.publicKey) : null,
    })
    .returning();
  if (!row) throw new Error('token insert failed');
  return { ...serialize(row, secret), ...(wallet ? { walletSecretKey: String(wallet.secretKey) } : {}) };
}

/** The developer whose unrevoked wallet credential is `walletDid` (the signer of a blocklet meta), or null. */
export async function walletUser(ctx: StoreContext, walletDid: string): Promise<SessionUser | null> {
  const [row] = await ctx.db
    .select()
    .from(storeAccessTokens)
    .where(and(eq(storeAccessTokens.walletDid, walletDid), isNull(storeAccessTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  await ctx.db
    .update(storeAccessTokens)
    .set({ lastUsedAt: new Date() })
    .where(eq(storeAccessTokens.id, row.id));
  return ctx.userByDid(row.userDid);
}

export async function listTokens(db: DbLike, user: SessionUser): Promise<AccessToken[]> {
  const rows = await db
    .select()
    .from(storeAccessTokens)
    .where(and(eq(storeAccessTokens.userDid, user.did), isNull(storeAccessTokens.revokedAt)))
    .orderBy(desc(storeAccessTokens.createdAt));
  return rows.map((r) => serialize(r));
}

/** Revokes one of the developer's own tokens (another developer's answers 404). */
export async function revokeToken(db: DbLike, user: SessionUser, id: string): Promise<AccessToken> {
  const [row] = await db
    .update(storeAccessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(storeAccessTokens.id, id),
        eq(storeAccessTokens.userDid, user.did),
        isNull(storeAccessTokens.revokedAt),
      ),
    )
    .returning();
  if (!row) throw ApiError.of('store_token_missing', {});
  return serialize(row);
}

/**
 * The developer an `Authorization: Bearer pst_…` header names: the unrevoked token with that secret's
 * hash, whose user still holds a developer passport; its last use is recorded (at most once a minute).
 * Null when the request carries no Authorization header; 401 for a malformed, unknown or revoked token.
 */
export async function tokenUser(
  ctx: StoreContext,
  header: string | undefined,
): Promise<{ user: SessionUser; tokenName: string; signingKey: string | null } | null> {
  if (header === undefined) return null;
  const secret = BEARER.exec(header)?.[1];
  if (!secret || !TOKEN_PATTERN.test(secret)) {
    throw ApiError.of('store_bearer_invalid', {});
  }
  const [row] = await ctx.db
    .select()
    .from(storeAccessTokens)
    .where(and(eq(storeAccessTokens.secretHash, sha256Hex(secret)), isNull(storeAccessTokens.revokedAt)))
    .limit(1);
  if (!row) throw storeError('store_token_invalid', {});
  await ctx.db
    .update(storeAccessTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(storeAccessTokens.id, row.id),
        or(
          isNull(storeAccessTokens.lastUsedAt),
          lt(storeAccessTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
  const user = await ctx.userByDid(row.userDid);
  if (!user) throw storeError('store_token_invalid', {});
  return {
    user,
    tokenName: row.name,
    signingKey: row.signingKey ?? (await adoptSigningKey(ctx, row.id, secret)),
  };
}

/**
 * A token made before bundle signing existed has no public key on record. Its key is derived from the
 * secret, which the caller has just proved it holds, so the key is recorded at that token's first use
 * and every upload with it must be signed from then on, like any newer token's.
 */
async function adoptSigningKey(ctx: StoreContext, id: string, secret: string): Promise<string> {
  const key = signingPublicKey(secret);
  await ctx.db
    .update(storeAccessTokens)
    .set({ signingKey: key })
    .where(and(eq(storeAccessTokens.id, id), isNull(storeAccessTokens.signingKey)));
  return key;
}
