// Refunds owed by the merchant (table refunds). A transfer that arrives for a canceled intent (the
// buyer changed the cart after their wallet signed) is money on the merchant's address that paid for
// nothing: it becomes a `pending` refund to its payer, one per transfer, for the merchant to send.
import { and, desc, eq, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { iso } from '../shared/time.js';
import type { IntentRow } from './repo.js';

export type RefundRow = typeof refunds.$inferSelect;

/** The transfer a refund pays back: where it came from and which one it was on the chain. */
export interface RefundedTransfer {
  network: string;
  txRef: string;
  /** The transfer inside the transaction (log index, -1 for a native value). */
  index: number;
  payer: string;
  amount: bigint;
}

export function serializeRefund(row: RefundRow) {
  return {
    id: row.id,
    object: 'refund' as const,
    livemode: row.livemode,
    status: row.status,
    type: row.type,
    reason: row.reason,
    amount: row.amount.toString(),
    currency_id: row.currencyId,
    payment_intent_id: row.paymentIntentId,
    invoice_id: row.invoiceId,
    customer_id: row.customerId,
    metadata: row.metadata,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * A pending refund of `transfer` to its payer, once per transfer (a retried watcher or a second post
 * of the same hash answers the first one). Call with the intent row locked.
 */
export async function refundTransfer(
  tx: DbLike,
  intent: IntentRow,
  transfer: RefundedTransfer,
  cause: string,
): Promise<{ refund: RefundRow; created: boolean }> {
  const txRef = transfer.txRef.toLowerCase();
  const [existing] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentIntentId, intent.id),
        sql`${refunds.metadata} ->> 'tx_hash' = ${txRef}`,
        sql`${refunds.metadata} ->> 'log_index' = ${String(transfer.index)}`,
      ),
    )
    .limit(1);
  if (existing) return { refund: existing, created: false };
  const [refund] = await tx
    .insert(refunds)
    .values({
      id: newId('re'),
      livemode: intent.livemode,
      status: 'pending',
      type: 'refund',
      amount: transfer.amount,
      currencyId: intent.currencyId,
      paymentIntentId: intent.id,
      customerId: intent.customerId,
      metadata: {
        cause,
        network: transfer.network,
        tx_hash: txRef,
        log_index: String(transfer.index),
        refund_to: transfer.payer,
      },
    })
    .returning();
  if (!refund) throw new Error('refund insert failed');
  await recordEvent(tx, 'refund.created', serializeRefund(refund));
  return { refund, created: true };
}

/** The refunds of an intent, newest first. */
export async function refundsOf(db: DbLike, intentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentIntentId, intentId))
    .orderBy(desc(refunds.createdAt));
}
