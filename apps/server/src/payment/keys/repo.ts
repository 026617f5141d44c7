import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbLike as Db } from '../shared/db.js';
import { apiKeys } from '../../db/schema/index.js';
import { sha256Hex } from '../shared/ids.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findActiveKeyBySecret(db: Db, secret: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, sha256Hex(secret)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Last use is advisory; it is written at most once a minute per key. */
export async function touchKey(db: Db, id: string): Promise<void> {
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
