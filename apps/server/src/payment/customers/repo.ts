import type { ListQuery } from '@payshelf/api';
import { and, eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type CustomerRow = typeof customers.$inferSelect;

export async function getCustomer(db: Db, id: string, livemode: boolean): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function getCustomerByDid(db: Db, did: string, livemode: boolean): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.did, did), eq(customers.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(db: Db, row: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [created] = await db.insert(customers).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateCustomer(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(customers.id, id), eq(customers.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function listCustomers(
  db: Db,
  livemode: boolean,
  q: ListQuery & { email?: string; did?: string },
): Promise<{ rows: CustomerRow[]; page: Page }> {
  const filters = [
    activeFilter(customers.active, q.active),
    q.email ? eq(customers.email, q.email) : undefined,
    q.did ? eq(customers.did, q.did) : undefined,
  ];
  const page = await pageOf(db, customers, customers, livemode, q, filters);
  const rows = await db
    .select()
    .from(customers)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
