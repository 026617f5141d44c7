import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { payerAccounts, payerChallenges } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';

export type PayerAccountRow = typeof payerAccounts.$inferSelect;
export type PayerChallengeRow = typeof payerChallenges.$inferSelect;

/** The customer's proved account with this address on this rail kind (any letter case), or null. */
export async function findPayerAccount(
  db: DbLike,
  customerId: string,
  rail: string,
  address: string,
): Promise<PayerAccountRow | null> {
  const [row] = await db
    .select()
    .from(payerAccounts)
    .where(
      and(
        eq(payerAccounts.customerId, customerId),
        eq(payerAccounts.rail, rail),
        sql`lower(${payerAccounts.address}) = ${address.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The account the customer proved most recently on this rail kind, or null. */
export async function latestPayerAccount(
  db: DbLike,
  customerId: string,
  rail: string,
): Promise<PayerAccountRow | null> {
  const [row] = await db
    .select()
    .from(payerAccounts)
    .where(and(eq(payerAccounts.customerId, customerId), eq(payerAccounts.rail, rail)))
    .orderBy(desc(payerAccounts.provedAt))
    .limit(1);
  return row ?? null;
}

/** Records (or refreshes) a proof; `address` is the rail's canonical spelling (EVM: checksummed). */
export async function savePayerAccount(
  db: DbLike,
  input: { customerId: string; rail: string; address: string; how: PayerAccountRow['how'] },
): Promise<void> {
  await db
    .insert(payerAccounts)
    .values({ id: newId('pacct'), ...input })
    .onConflictDoUpdate({
      target: [payerAccounts.customerId, payerAccounts.rail, payerAccounts.address],
      set: { how: input.how, provedAt: new Date() },
    });
}

export async function insertChallenge(
  db: DbLike,
  row: Omit<typeof payerChallenges.$inferInsert, 'id'>,
): Promise<PayerChallengeRow> {
  const [created] = await db
    .insert(payerChallenges)
    .values({ id: newId('pchal'), ...row })
    .returning();
  if (!created) throw new Error('insert failed');
  return created;
}

/** Marks an unused challenge used, answering it; null when it is unknown or was used already. */
export async function useChallenge(db: DbLike, id: string): Promise<PayerChallengeRow | null> {
  const [row] = await db
    .update(payerChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(payerChallenges.id, id), isNull(payerChallenges.usedAt)))
    .returning();
  return row ?? null;
}

/** Challenges expired for a day (used or not) are of no use any more. */
export async function pruneChallenges(db: DbLike): Promise<void> {
  await db.delete(payerChallenges).where(lt(payerChallenges.expiresAt, sql`now() - interval '24 hours'`));
}
