// Human invoice numbers: one gapless sequence per mode (live and test count separately), given out in
// the transaction that inserts the invoice.
import { sql } from 'drizzle-orm';
import { invoiceSequences } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

/** `INV-000042`: at least six digits, more once the sequence passes 999999. */
export function formatInvoiceNumber(sequence: bigint): string {
  if (sequence < 1n) throw new RangeError(`invoice sequence must be positive, got ${sequence}`);
  return `INV-${sequence.toString().padStart(6, '0')}`;
}

/**
 * formatInvoiceNumber in SQL, for the bigint expression `n` (>= 1): a batch numbers its invoices inside
 * the statement that inserts them. The two must agree (billing-renewal-batch-events.test.ts compares them).
 */
export const invoiceNumberSql = (n: string) =>
  `'INV-' || case when ${n} <= 999999 then lpad((${n})::text, 6, '0') else (${n})::text end`;

/**
 * Takes the next invoice number of the mode. Call it inside the transaction that inserts the invoice:
 * the upsert locks the mode's counter row until that transaction ends, so concurrent creators (in any
 * process) queue up in turn, and a rollback gives the number back, so the numbers stay gapless.
 */
export async function nextInvoiceNumber(tx: DbLike, livemode: boolean): Promise<string> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ livemode, lastNumber: 1n })
    .onConflictDoUpdate({
      target: invoiceSequences.livemode,
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  if (!row) throw new Error('invoice sequence upsert returned no row');
  return formatInvoiceNumber(row.lastNumber);
}
