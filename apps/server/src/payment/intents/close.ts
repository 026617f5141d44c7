// A payment shows as open only while it can still be paid. When an invoice is settled (paid any way,
// or voided) every intent still waiting to pay it is closed in the same transaction: its own
// collection intent (`invoice_id`) and any waiting overdue batch that lists it (`metadata.collect_batch`,
// frozen by portal/batch.ts) and no other invoice still owed. A batch that still pays another owed
// invoice stays payable: its transfer pays those and the settled invoice's share is refunded
// (flows/batch-payment.ts). A collection that can no longer be retried closes its intent too. A
// closed intent is `canceled` with `cancellation_reason`; one that failed keeps `last_payment_error`,
// so it reads as a failed attempt. Intents with money moving (`processing`) or paid are never touched:
// a transfer still arriving for a closed one is recorded and refunded (intents/settle.ts).
//
// Callers hold the invoice's lock (subscription → invoice → intents), the lock order of every path
// that pays an invoice.
import { and, eq, or, sql } from 'drizzle-orm';
import { invoices, paymentIntents } from '../../db/schema/index.js';
import { recordEvent } from '../shared/events.js';
import type { DbLike } from '../shared/db.js';
import { transition } from './service.js';
import { serializeIntent, type IntentRow } from './repo.js';

/** The metadata key of an intent paying several invoices at once (an overdue batch). */
export const INVOICE_BATCH_KEY = 'collect_batch';

/** An intent still waiting for its transfer (the predicate of the partial index payment_intents_waiting). */
const waiting = sql`${paymentIntents.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action')`;

export type CloseReason = 'invoice_paid' | 'invoice_voided' | 'collection_failed';

/** Ends a waiting intent: canceled with the reason, keeping the error of its last failed attempt. */
export async function closeIntent(tx: DbLike, intent: IntentRow, reason: CloseReason): Promise<IntentRow> {
  const closed = await transition(tx, intent, 'canceled', {
    paymentDetails: { ...(intent.paymentDetails ?? {}), cancellation_reason: reason },
  });
  await recordEvent(tx, 'payment_intent.canceled', serializeIntent(closed));
  return closed;
}

/**
 * Closes every intent still waiting to pay the invoice: its own collection intents and, unless
 * `batches` is false (the invoice is still owed), the waiting batches that list it. Answers them.
 */
export async function closeWaitingIntentsOf(
  tx: DbLike,
  invoice: { id: string; customerId: string },
  reason: CloseReason,
  { batches = true }: { batches?: boolean } = {},
): Promise<IntentRow[]> {
  const listed = JSON.stringify({ [INVOICE_BATCH_KEY]: { invoices: [{ id: invoice.id }] } });
  const batch = sql`${paymentIntents.metadata} -> ${INVOICE_BATCH_KEY} -> 'invoices'`;
  const paysNothingElse = sql`not exists (
    select 1 from jsonb_array_elements(${batch}) as listed(item)
    join ${invoices} on ${invoices.id} = listed.item ->> 'id'
    where ${invoices.id} <> ${invoice.id} and ${invoices.status} in ('open', 'uncollectible'))`;
  const rows = await tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.customerId, invoice.customerId),
        waiting,
        batches
          ? or(
              eq(paymentIntents.invoiceId, invoice.id),
              and(sql`${paymentIntents.metadata} @> ${listed}::jsonb`, paysNothingElse),
            )
          : eq(paymentIntents.invoiceId, invoice.id),
      ),
    )
    .orderBy(paymentIntents.id)
    .for('update');
  const closed: IntentRow[] = [];
  for (const intent of rows) closed.push(await closeIntent(tx, intent, reason));
  return closed;
}
