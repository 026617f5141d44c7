// SQL of the customer balance ledger: the per-(customer, currency) balance row, locked for every
// movement, and the movements themselves.
import type { BalanceTransactionType, CustomerBalanceTransactionListQuery } from '@payshelf/api';
import { and, eq, sql } from 'drizzle-orm';
import { customerBalances, customerBalanceTransactions } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { pageOf, type Page } from '../shared/list.js';

export type BalanceTransactionRow = typeof customerBalanceTransactions.$inferSelect;

/** Whose balance: one customer in one currency (of one mode). */
export interface BalanceOwner {
  livemode: boolean;
  customerId: string;
  currencyId: string;
}

/**
 * The balance row of `owner`, created at 0 when missing, locked FOR UPDATE until the transaction
 * ends: every movement of this balance waits here for the one before it.
 */
export async function lockBalance(tx: Db, owner: BalanceOwner): Promise<bigint> {
  await tx
    .insert(customerBalances)
    .values({ customerId: owner.customerId, currencyId: owner.currencyId, livemode: owner.livemode })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ balance: customerBalances.balance })
    .from(customerBalances)
    .where(
      and(
        eq(customerBalances.customerId, owner.customerId),
        eq(customerBalances.currencyId, owner.currencyId),
      ),
    )
    .for('update');
  if (!row) throw new Error('balance row missing after insert');
  return row.balance;
}

export async function readBalance(db: Db, customerId: string, currencyId: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: customerBalances.balance })
    .from(customerBalances)
    .where(and(eq(customerBalances.customerId, customerId), eq(customerBalances.currencyId, currencyId)));
  return row?.balance ?? 0n;
}

export async function readBalances(db: Db, customerId: string): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ currencyId: customerBalances.currencyId, balance: customerBalances.balance })
    .from(customerBalances)
    .where(eq(customerBalances.customerId, customerId));
  return new Map(rows.map((r) => [r.currencyId, r.balance]));
}

export async function findInvoiceTransaction(
  db: Db,
  invoiceId: string,
  type: BalanceTransactionType,
): Promise<BalanceTransactionRow | null> {
  const [row] = await db
    .select()
    .from(customerBalanceTransactions)
    .where(
      and(eq(customerBalanceTransactions.invoiceId, invoiceId), eq(customerBalanceTransactions.type, type)),
    );
  return row ?? null;
}

export interface Movement {
  id: string;
  type: BalanceTransactionType;
  amount: bigint;
  invoiceId: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Writes one movement and the new balance; the caller holds the balance lock (lockBalance) and has
 * checked that `ending` is `locked + amount` and not negative. created_at is the clock time, not the
 * transaction's start, so movements of one transaction list in the order they were made.
 */
export async function recordMovement(
  tx: Db,
  owner: BalanceOwner,
  movement: Movement,
  ending: bigint,
): Promise<BalanceTransactionRow> {
  await tx
    .update(customerBalances)
    .set({ balance: ending, updatedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(customerBalances.customerId, owner.customerId),
        eq(customerBalances.currencyId, owner.currencyId),
      ),
    );
  const [row] = await tx
    .insert(customerBalanceTransactions)
    .values({
      ...movement,
      livemode: owner.livemode,
      customerId: owner.customerId,
      currencyId: owner.currencyId,
      endingBalance: ending,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

export async function listTransactions(
  db: Db,
  livemode: boolean,
  customerId: string,
  q: CustomerBalanceTransactionListQuery,
): Promise<{ rows: BalanceTransactionRow[]; page: Page }> {
  const t = customerBalanceTransactions;
  const filters = [eq(t.customerId, customerId), q.currency_id ? eq(t.currencyId, q.currency_id) : undefined];
  const page = await pageOf(db, t, t, livemode, q, filters);
  const rows = await db
    .select()
    .from(t)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
