// Credit grants and credit transactions (tables credit_grants, credit_transactions): insert, read,
// the page-numbered lists of the SPEC's queries, and the status moves of void and expiry.
import type { CreditGrantListQuery, CreditTransactionListQuery } from '@payshelf/api';
import { and, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { creditGrants, creditTransactions } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

export type CreditGrantRow = typeof creditGrants.$inferSelect;
export type CreditTransactionRow = typeof creditTransactions.$inferSelect;

export async function insertGrant(db: DbLike, row: typeof creditGrants.$inferInsert) {
  const [inserted] = await db.insert(creditGrants).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function getGrant(db: DbLike, id: string, livemode: boolean, lock = false) {
  const query = db
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.id, id), eq(creditGrants.livemode, livemode)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setGrantStatus(db: DbLike, id: string, status: CreditGrantRow['status']) {
  const [row] = await db
    .update(creditGrants)
    .set({ status, updatedAt: new Date() })
    .where(eq(creditGrants.id, id))
    .returning();
  return row ?? null;
}

/** Granted grants whose expiry has passed become expired; pending ones whose time came, granted. */
export async function expireAndActivate(db: DbLike, now: Date): Promise<CreditGrantRow[]> {
  const expired = await db
    .update(creditGrants)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(creditGrants.status, ['granted', 'pending']), lte(creditGrants.expiresAt, now)))
    .returning();
  await db
    .update(creditGrants)
    .set({ status: 'granted', updatedAt: now })
    .where(and(eq(creditGrants.status, 'pending'), lte(creditGrants.effectiveAt, now)));
  return expired;
}

interface Paged<R> {
  rows: R[];
  total: number;
}

async function paged<R>(
  rowsOf: (offset: number, limit: number) => Promise<R[]>,
  total: () => Promise<number>,
  q: { page: number; pageSize: number },
): Promise<Paged<R>> {
  const rows = await rowsOf((q.page - 1) * q.pageSize, q.pageSize);
  return { rows, total: await total() };
}

export function listGrants(
  db: DbLike,
  livemode: boolean,
  customerId: string | undefined,
  q: CreditGrantListQuery,
) {
  const where = and(
    eq(creditGrants.livemode, livemode),
    customerId ? eq(creditGrants.customerId, customerId) : undefined,
    q.status ? inArray(creditGrants.status, q.status.split(',') as CreditGrantRow['status'][]) : undefined,
    q.subscription_id ? eq(creditGrants.subscriptionId, q.subscription_id) : undefined,
    q.currency_id ? eq(creditGrants.currencyId, q.currency_id) : undefined,
  );
  return paged(
    (offset, limit) =>
      db
        .select()
        .from(creditGrants)
        .where(where)
        .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id))
        .offset(offset)
        .limit(limit),
    async () => Number((await db.select({ n: count() }).from(creditGrants).where(where))[0]?.n ?? 0),
    q,
  );
}

export function listTransactions(
  db: DbLike,
  livemode: boolean,
  customerId: string | undefined,
  q: CreditTransactionListQuery,
) {
  const conditions: Array<SQL | undefined> = [
    eq(creditTransactions.livemode, livemode),
    customerId ? eq(creditTransactions.customerId, customerId) : undefined,
    q.subscription_id ? eq(creditTransactions.subscriptionId, q.subscription_id) : undefined,
    q.credit_grant_id ? eq(creditTransactions.creditGrantId, q.credit_grant_id) : undefined,
    q.source ? eq(creditTransactions.source, q.source) : undefined,
    q.start ? gte(creditTransactions.createdAt, new Date(q.start)) : undefined,
    q.end ? lt(creditTransactions.createdAt, new Date(q.end)) : undefined,
  ];
  const where = and(...conditions) ?? sql`true`;
  return paged(
    (offset, limit) =>
      db
        .select()
        .from(creditTransactions)
        .where(where)
        .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
        .offset(offset)
        .limit(limit),
    async () => Number((await db.select({ n: count() }).from(creditTransactions).where(where))[0]?.n ?? 0),
    q,
  );
}
