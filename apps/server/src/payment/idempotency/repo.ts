import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbLike as Db } from '../shared/db.js';
import { idempotencyRecords } from '../../db/schema/index.js';

export type IdempotencyRow = typeof idempotencyRecords.$inferSelect;

export interface Claim {
  apiKeyId: string;
  livemode: boolean;
  key: string;
  requestHash: string;
  method: string;
  path: string;
}

/** Claims the key for this request; null when it was already claimed (then read the first one). */
export async function claim(db: Db, c: Claim): Promise<bigint | null> {
  const [row] = await db
    .insert(idempotencyRecords)
    .values(c)
    .onConflictDoNothing()
    .returning({ id: idempotencyRecords.id });
  return row?.id ?? null;
}

export async function findClaim(db: Db, c: Claim): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.apiKeyId, c.apiKeyId),
        eq(idempotencyRecords.livemode, c.livemode),
        eq(idempotencyRecords.key, c.key),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function complete(db: Db, id: bigint, statusCode: number, responseBody: string): Promise<void> {
  await db.update(idempotencyRecords).set({ statusCode, responseBody }).where(eq(idempotencyRecords.id, id));
}

/** A request that failed on our side releases its key, so the client may retry it. */
export async function release(db: Db, id: bigint): Promise<void> {
  await db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, id));
}

/** Keys are kept 24 hours, as Stripe does. */
export async function prune(db: Db): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, sql`now() - interval '24 hours'`));
}
