import { and, eq } from 'drizzle-orm';
import { railTransactions } from '../db/schema/rails.js';
import type { DbLike, RailKind } from './types.js';

export interface RailRecord {
  rail: RailKind;
  chainId: string;
  txHash: string;
  logIndex: number;
  reference: string;
  payer: string;
  recipient: string;
  asset: string;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
}

export type RecordOutcome = 'recorded' | 'same_reference' | 'used_elsewhere';

/**
 * Claims one transfer for one reference. The unique (chain, tx, log) decides races between processes:
 * the loser sees the winner's row. Presenting the same transfer again for the same reference is fine
 * (a retried job); for another reference it is a replay.
 */
export async function recordTransfer(db: DbLike, record: RailRecord): Promise<RecordOutcome> {
  const inserted = await db
    .insert(railTransactions)
    .values(record)
    .onConflictDoNothing({
      target: [railTransactions.chainId, railTransactions.txHash, railTransactions.logIndex],
    })
    .returning({ id: railTransactions.id });
  if (inserted.length > 0) return 'recorded';
  const existing = await findTransfer(db, record.chainId, record.txHash, record.logIndex);
  return existing?.reference === record.reference ? 'same_reference' : 'used_elsewhere';
}

export async function findTransfer(
  db: DbLike,
  chainId: string,
  txHash: string,
  logIndex: number,
): Promise<{ reference: string } | undefined> {
  const rows = await db
    .select({ reference: railTransactions.reference })
    .from(railTransactions)
    .where(
      and(
        eq(railTransactions.chainId, chainId),
        eq(railTransactions.txHash, txHash),
        eq(railTransactions.logIndex, logIndex),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Transfers recorded for a reference (a payment intent), oldest first. */
export async function transfersFor(db: DbLike, reference: string) {
  return db
    .select()
    .from(railTransactions)
    .where(eq(railTransactions.reference, reference))
    .orderBy(railTransactions.id);
}
