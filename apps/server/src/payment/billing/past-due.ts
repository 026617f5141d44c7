// The one past-due rule: an invoice still to be paid (open or uncollectible) whose due date has
// passed. The invoice list's past_due filter and the submit check (CUSTOMER_LIMITED) both use it, so
// the past-due page lists exactly the invoices that block a purchase.
import { and, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

export const PAST_DUE_STATUSES = ['open', 'uncollectible'] as const;

/** The SQL condition "this invoice is past due at `now`". */
export function isPastDue(now: Date = new Date()): SQL {
  const condition = and(inArray(invoices.status, [...PAST_DUE_STATUSES]), lt(invoices.dueDate, now));
  if (!condition) throw new Error('past-due condition is empty');
  return condition;
}

/** Whether the customer has at least one past-due invoice. */
export async function hasPastDueInvoice(db: DbLike, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), isPastDue()))
    .limit(1);
  return row !== undefined;
}
