// Drawing credit from grants already locked FOR UPDATE in consumption order: each grant gives what it
// has left until `amount` is covered, is marked depleted at zero, and gets one credit transaction.
import { eq } from 'drizzle-orm';
import { creditGrants, creditTransactions } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import type { CreditGrantRow } from './repo.js';

/** What every transaction of one draw says besides its grant and amounts (who, which currency, why). */
export type DrawRecord = Omit<
  typeof creditTransactions.$inferInsert,
  'id' | 'creditGrantId' | 'creditAmount' | 'remainingBalance'
>;

/** Draws up to `amount` from `grants` in their order; answers what no grant covered. */
export async function drawFromGrants(
  tx: DbLike,
  grants: readonly CreditGrantRow[],
  amount: bigint,
  record: DrawRecord,
): Promise<bigint> {
  let left = amount;
  for (const grant of grants) {
    if (left === 0n) break;
    const take = left < grant.remainingAmount ? left : grant.remainingAmount;
    const remaining = grant.remainingAmount - take;
    left -= take;
    await tx
      .update(creditGrants)
      .set({
        remainingAmount: remaining,
        status: remaining === 0n ? 'depleted' : 'granted',
        updatedAt: new Date(),
      })
      .where(eq(creditGrants.id, grant.id));
    await tx.insert(creditTransactions).values({
      ...record,
      id: newId('ctxn'),
      creditGrantId: grant.id,
      creditAmount: take,
      remainingBalance: remaining,
    });
  }
  return left;
}
