// Payment attempts (table payment_attempts): one row per transfer tried for an intent, written before
// the money moves when the server sends it. See db/schema/rails.ts.
import { and, asc, eq, lt } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema/index.js';
import type { Rail, SignedTransaction } from './rail.js';
import type { DbLike } from '../shared/db.js';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type AttemptInsert = typeof paymentAttempts.$inferInsert;
export type AttemptStatus = AttemptRow['status'];

/** Records an attempt once; the same transfer for the same intent again answers the first row. */
export async function recordAttempt(db: DbLike, row: AttemptInsert): Promise<AttemptRow> {
  const [created] = await db
    .insert(paymentAttempts)
    .values({ ...row, txRef: row.txRef.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.network, row.network),
        eq(paymentAttempts.txRef, row.txRef.toLowerCase()),
        eq(paymentAttempts.paymentIntentId, row.paymentIntentId),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('payment attempt vanished');
  return existing;
}

/** Records a pull the server signed (from `payer`'s allowance) for an intent, before it is sent. */
export function recordPullAttempt(
  db: DbLike,
  intentId: string,
  rail: Pick<Rail, 'kind' | 'network'>,
  signed: SignedTransaction,
  payer: string,
): Promise<AttemptRow> {
  return recordAttempt(db, {
    paymentIntentId: intentId,
    rail: rail.kind,
    kind: 'pull',
    network: rail.network,
    txRef: signed.txRef,
    raw: signed.raw,
    nonce: signed.nonce,
    payer,
  });
}

/** The intent's attempt still in flight, newest first (at most one is ever started at a time). */
export async function inFlightAttempt(db: DbLike, intentId: string): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.paymentIntentId, intentId), eq(paymentAttempts.status, 'in_flight')))
    .orderBy(asc(paymentAttempts.id))
    .limit(1);
  return row ?? null;
}

/** In-flight attempts created before `before`, oldest first. */
export async function inFlightBefore(db: DbLike, before: Date, limit = 100): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'in_flight'), lt(paymentAttempts.createdAt, before)))
    .orderBy(asc(paymentAttempts.id))
    .limit(limit);
}

export async function markBroadcast(db: DbLike, id: bigint): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ broadcastAt: new Date(), updatedAt: new Date() })
    .where(eq(paymentAttempts.id, id));
}

/** Settles the intent's in-flight attempt of this transfer (no-op when there is none). */
export async function settleAttempt(
  db: DbLike,
  intentId: string,
  txRef: string,
  status: Exclude<AttemptStatus, 'in_flight'>,
  error: string | null = null,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status, error, updatedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.paymentIntentId, intentId),
        eq(paymentAttempts.txRef, txRef.toLowerCase()),
        eq(paymentAttempts.status, 'in_flight'),
      ),
    );
}

export async function attemptsOf(db: DbLike, intentId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.paymentIntentId, intentId))
    .orderBy(asc(paymentAttempts.id));
}

/** Records what a transfer of an attempt paid, and how it ended (an underpaid transfer: failed, 'underpaid'). */
export async function recordAttemptAmount(
  db: DbLike,
  intentId: string,
  txRef: string,
  amount: bigint,
  status: Exclude<AttemptStatus, 'in_flight'>,
  error: string | null,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ amount, status, error, updatedAt: new Date() })
    .where(
      and(eq(paymentAttempts.paymentIntentId, intentId), eq(paymentAttempts.txRef, txRef.toLowerCase())),
    );
}
