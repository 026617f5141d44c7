// A customer's first transaction (a promotion code's first_time_transaction restriction): whether any
// of their invoices was ever paid with money (a zero or free invoice does not count).
import { and, eq, gt, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

export async function hasPaidBefore(db: DbLike, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), gt(invoices.amountPaid, 0n)))
    .limit(1);
  return row !== undefined;
}
