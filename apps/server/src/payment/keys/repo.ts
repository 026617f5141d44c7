import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import type { DbLike as Db } from '../shared/db.js';
import { apiKeys } from '../../db/schema/index.js';
import { sha256Hex } from '../shared/ids.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The unrevoked key with this secret (by its hash; served from the catalog cache when `db` is the pool). */
export async function findActiveKeyBySecret(db: Db, secret: string): Promise<ApiKeyRow | null> {
  const hash = sha256Hex(secret);
  const load = async (hashes: string[]) =>
    db
      .select()
      .from(apiKeys)
      .where(and(inArray(apiKeys.secretHash, hashes), isNull(apiKeys.revokedAt)))
      .limit(1);
  const cache = catalogCacheOf(db);
  const key = (r: ApiKeyRow) => r.secretHash;
  const [row] = cache ? await cache.many(db, 'api-keys', [hash], key, load) : await load([hash]);
  return row ?? null;
}

const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();

/**
 * Last use is advisory; it is written at most once a minute per key: this process skips the write when
 * it wrote within the minute, and the statement itself skips a key another process touched recently.
 */
export async function touchKey(db: Db, id: string, now = Date.now()): Promise<void> {
  const last = touched.get(id);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(id, now);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

export async function insertKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).onConflictDoNothing().returning();
  if (created) return created;
  const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, row.secretHash)).limit(1);
  if (!existing) throw new Error('api key insert failed');
  return existing;
}

export async function getKey(db: Db, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row ?? null;
}

export async function revokeKey(db: Db, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? (await getKey(db, id));
}
