// The bulk writes of a batch renewal (renewal-batch.ts): invoice numbers from one reservation of the
// mode's gapless sequence, the invoices' lines, and the subscriptions moved to their next period.
import { sql } from 'drizzle-orm';
import { invoiceItems, invoiceSequences, type invoices } from '../../../db/schema/index.js';
import { insertMany } from '../../shared/bulk-insert.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { keepBilledProducts } from '../billed-product.js';
import { formatInvoiceNumber } from '../invoice-number.js';
import type { SubscriptionRow } from '../repo.js';
import type { BilledLine } from './lines.js';

/** One subscription of a batch: its next period, lines and invoice row (written by the batch). */
export interface Planned {
  sub: SubscriptionRow;
  period: { start: Date; end: Date };
  lines: BilledLine[];
  invoice: typeof invoices.$inferInsert;
}

/** Takes one block of the mode's gapless invoice sequence for the batch (its rows are all written). */
export async function numberInvoices(tx: DbLike, planned: Planned[]) {
  for (const livemode of [false, true]) {
    const mine = planned.filter((p) => p.sub.livemode === livemode);
    if (mine.length === 0) continue;
    const count = BigInt(mine.length);
    const [row] = await tx
      .insert(invoiceSequences)
      .values({ livemode, lastNumber: count })
      .onConflictDoUpdate({
        target: invoiceSequences.livemode,
        set: { lastNumber: sql`${invoiceSequences.lastNumber} + ${count}` },
      })
      .returning({ lastNumber: invoiceSequences.lastNumber });
    if (!row) throw new Error('invoice sequence upsert returned no row');
    const first = row.lastNumber - count + 1n;
    mine.forEach((p, i) => (p.invoice.number = formatInvoiceNumber(first + BigInt(i))));
  }
}

export async function insertLines(tx: DbLike, planned: Planned[]) {
  const rows = planned.flatMap((p) =>
    p.lines.map((line) => ({
      id: newId('ii'),
      livemode: p.sub.livemode,
      invoiceId: p.invoice.id ?? '',
      priceId: line.priceId,
      description: line.description,
      quantity: line.quantity,
      amount: line.amount,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
      proration: line.proration,
    })),
  );
  await insertMany(tx, invoiceItems, rows);
  await keepBilledProducts(
    tx,
    planned.map((p) => p.invoice.id ?? ''),
  );
}

/** Moves every planned subscription to its next period with its new latest invoice (one UPDATE). */
export async function movePeriods(tx: DbLike, planned: Planned[]): Promise<Map<string, SubscriptionRow>> {
  const updatedAt = new Date();
  await tx.execute(sql`
    update subscriptions s
    set current_period_start = v.ps, current_period_end = v.pe, latest_invoice_id = v.inv,
      updated_at = ${updatedAt}
    from unnest(
      ${sql.param(planned.map((p) => p.sub.id))}::text[],
      ${sql.param(planned.map((p) => p.period.start.toISOString()))}::timestamptz[],
      ${sql.param(planned.map((p) => p.period.end.toISOString()))}::timestamptz[],
      ${sql.param(planned.map((p) => p.invoice.id ?? ''))}::text[]
    ) as v(id, ps, pe, inv)
    where s.id = v.id`);
  return new Map(
    planned.map((p) => [
      p.sub.id,
      {
        ...p.sub,
        currentPeriodStart: p.period.start,
        currentPeriodEnd: p.period.end,
        latestInvoiceId: p.invoice.id ?? null,
        updatedAt,
      },
    ]),
  );
}
