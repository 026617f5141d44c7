// Refunds owed by the merchant (table refunds). A transfer that arrives for a canceled intent (the
// buyer changed the cart after their wallet signed), or one that pays less than its intent, is money
// on the merchant's address that paid for nothing: it becomes a `pending` refund to its payer, one per
// transfer. Every refund is sent by the payment:send-refund job (intents/refund-send.ts): committed with
// its transaction before broadcast, settled with the chain, never sent twice. Status moves
// pending → processing → succeeded | failed, each move an event (refund.updated, and refund.succeeded
// or refund.failed at the end).
import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
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
    tx_hash: row.txRef,
    last_attempt_error: row.lastAttemptError?.message ?? null,
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
  const refund = await insertRefund(tx, intent, {
    amount: transfer.amount,
    to: transfer.payer,
    reason: null,
    metadata: {
      cause,
      network: transfer.network,
      tx_hash: txRef,
      log_index: String(transfer.index),
    },
  });
  return { refund, created: true };
}

export const REFUND_SEND_TASK = 'payment:send-refund';

/** Schedules the send job of a refund, in the caller's transaction (it exists exactly when the refund does). */
export async function enqueueRefundSend(
  db: DbLike,
  refundId: string,
  attempt = 0,
  runAt: Date = new Date(),
): Promise<void> {
  const payload = JSON.stringify({ refundId, attempt });
  await db.execute(
    sql`SELECT graphile_worker.add_job(${REFUND_SEND_TASK}, ${payload}::json, job_key => ${`${refundId}:${attempt}`},
        job_key_mode => 'unsafe_dedupe', run_at => ${runAt.toISOString()}::timestamptz, max_attempts => 5)`,
  );
}

export interface NewRefund {
  amount: bigint;
  /** The account the money goes back to (the payer of the refunded transfer). */
  to: string;
  reason: RefundRow['reason'];
  metadata?: Record<string, unknown>;
}

async function insertRefund(tx: DbLike, intent: IntentRow, input: NewRefund): Promise<RefundRow> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      id: newId('re'),
      livemode: intent.livemode,
      status: 'pending',
      type: 'refund',
      reason: input.reason,
      amount: input.amount,
      currencyId: intent.currencyId,
      paymentIntentId: intent.id,
      customerId: intent.customerId,
      invoiceId: intent.invoiceId,
      metadata: { ...(input.metadata ?? {}), refund_to: input.to },
    })
    .returning();
  if (!refund) throw new Error('refund insert failed');
  await recordEvent(tx, 'refund.created', serializeRefund(refund));
  await enqueueRefundSend(tx, refund.id);
  return refund;
}

/**
 * What of an intent's received money is not yet refunded (or being refunded). Refunds of transfers
 * that paid nothing (underpaid ones, or a second transfer for a payment already made: they name their
 * transfer's `tx_hash`) give back money outside amount_received, so they do not count here.
 */
export async function refundableAmount(db: DbLike, intent: IntentRow): Promise<bigint> {
  const ofPayment =
    intent.status === 'canceled' ? sql`true` : sql`(${refunds.metadata} ->> 'tx_hash') IS NULL`;
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentIntentId, intent.id),
        notInArray(refunds.status, ['failed', 'canceled']),
        ofPayment,
      ),
    );
  return intent.amountReceived - BigInt(rows[0]?.total ?? '0');
}

/**
 * A refund of part or all of what an intent received (an admin's or a merchant's refund), sent to
 * `to` by the send job. Refuses more than is left to refund. Call with the intent row locked.
 */
export async function createRefund(tx: DbLike, intent: IntentRow, input: NewRefund): Promise<RefundRow> {
  if (input.amount <= 0n) {
    throw ApiError.of('refund_not_positive', {}, { param: 'amount' });
  }
  if (input.amount > (await refundableAmount(tx, intent))) {
    throw ApiError.of('refund_exceeds_payment', {}, { param: 'amount' });
  }
  return insertRefund(tx, intent, input);
}

export async function getRefund(db: DbLike, id: string, lock = false): Promise<RefundRow | undefined> {
  const query = db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The account a refund pays back. */
export function refundTo(row: RefundRow): string | null {
  const to = row.metadata?.refund_to;
  return typeof to === 'string' ? to : null;
}

type RefundPatch = Partial<
  Pick<
    RefundRow,
    'status' | 'network' | 'txRef' | 'raw' | 'nonce' | 'broadcastAt' | 'attemptCount' | 'lastAttemptError'
  >
>;

/**
 * Writes a change of a locked refund; a change of status is recorded as `refund.updated` (with the
 * previous status), and as `refund.succeeded` or `refund.failed` when it ends there.
 */
export async function updateRefund(tx: DbLike, row: RefundRow, patch: RefundPatch): Promise<RefundRow> {
  const [next] = await tx
    .update(refunds)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(refunds.id, row.id))
    .returning();
  if (!next) throw new Error(`refund ${row.id} vanished`);
  if (patch.status && patch.status !== row.status) {
    const json = serializeRefund(next);
    await recordEvent(tx, 'refund.updated', json, null, { status: row.status });
    if (next.status === 'succeeded' || next.status === 'failed') {
      await recordEvent(tx, `refund.${next.status}`, json);
    }
  }
  return next;
}

/** Refunds not settled yet (to send, or sent and waiting for the chain), created before `before`. */
export async function refundsInFlight(db: DbLike, before: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.status, ['pending', 'processing']), lt(refunds.createdAt, before)))
    .orderBy(refunds.createdAt)
    .limit(100);
}

/** The refunds of an intent, newest first. */
export async function refundsOf(db: DbLike, intentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentIntentId, intentId))
    .orderBy(desc(refunds.createdAt));
}
