// The one past-due rule: an invoice still to be paid (open or uncollectible) whose due date has
// passed. The invoice list's past_due filter, the portal's overdue lists and the submit check
// (CUSTOMER_LIMITED) all use it, so the past-due page lists exactly the invoices that block a purchase.
// "Passed" is judged at the invoice's own time: the frozen time of its test clock (the invoice's, else
// its customer's), the real time otherwise, so dunning on a test clock behaves as it will for real.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { customers, invoices, testClocks } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

export const PAST_DUE_STATUSES = ['open', 'uncollectible'] as const;

/** The time an invoice lives in: its (or its customer's) test clock's frozen time, else `now`. */
export function invoiceNow(now: Date): SQL {
  const clockOf = sql`coalesce(${invoices.testClockId}, (SELECT ${customers.testClockId} FROM ${customers} WHERE ${customers.id} = ${invoices.customerId}))`;
  return sql`coalesce((SELECT ${testClocks.frozenTime} FROM ${testClocks} WHERE ${testClocks.id} = ${clockOf}), ${now.toISOString()}::timestamptz)`;
}

/** The SQL condition "this invoice is past due at its time" (`now` for an invoice on no clock). */
export function isPastDue(now: Date = new Date()): SQL {
  const condition = and(
    inArray(invoices.status, [...PAST_DUE_STATUSES]),
    sql`${invoices.dueDate} < ${invoiceNow(now)}`,
  );
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
