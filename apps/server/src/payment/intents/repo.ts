import type { PaymentIntent } from '@payshelf/api';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { iso } from '../shared/time.js';

export type IntentRow = typeof paymentIntents.$inferSelect;
export type IntentInsert = typeof paymentIntents.$inferInsert;

/** By id in whichever mode it lives; `lock` holds the row until commit. */
export async function getIntent(db: DbLike, id: string, lock = false): Promise<IntentRow | null> {
  const query = db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertIntent(db: DbLike, row: IntentInsert): Promise<IntentRow> {
  const [created] = await db.insert(paymentIntents).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateIntent(db: DbLike, id: string, set: Partial<IntentInsert>): Promise<IntentRow> {
  const [row] = await db
    .update(paymentIntents)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(paymentIntents.id, id))
    .returning();
  if (!row) throw new Error('payment intent vanished');
  return row;
}

/** A checkout's canceled intents, newest first (a late transfer may be for one of them). */
export async function canceledIntentsOf(db: DbLike, sessionId: string, limit: number): Promise<IntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.checkoutSessionId, sessionId), eq(paymentIntents.status, 'canceled')))
    .orderBy(desc(paymentIntents.createdAt))
    .limit(limit);
}

/** The account that last paid this customer with this method (for fast pay when the page sends none). */
export async function lastPayer(db: DbLike, customerId: string, methodId: string): Promise<string | null> {
  const [row] = await db
    .select({ payer: sql<string | null>`${paymentIntents.paymentDetails} ->> 'payer'` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.customerId, customerId),
        eq(paymentIntents.paymentMethodId, methodId),
        eq(paymentIntents.status, 'succeeded'),
      ),
    )
    .orderBy(desc(paymentIntents.updatedAt))
    .limit(1);
  return row?.payer ?? null;
}

export function serializeIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    livemode: row.livemode,
    status: row.status,
    amount: row.amount.toString(),
    amount_received: row.amountReceived.toString(),
    currency_id: row.currencyId,
    payment_method_id: row.paymentMethodId,
    customer_id: row.customerId,
    checkout_session_id: row.checkoutSessionId,
    invoice_id: row.invoiceId,
    description: row.description,
    last_payment_error: row.lastPaymentError ?? null,
    payment_details: row.paymentDetails ?? null,
    metadata: row.metadata as PaymentIntent['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * Remembers whom fast pay would charge (or null), in one statement and only while the intent is unpaid,
 * so a transaction recorded meanwhile by another request is never overwritten.
 */
export async function recordFastPayPayer(
  db: DbLike,
  id: string,
  payer: string | null,
): Promise<IntentRow | null> {
  const [row] = await db
    .update(paymentIntents)
    .set({
      paymentDetails: sql`coalesce(${paymentIntents.paymentDetails}, '{}'::jsonb) || jsonb_build_object('fast_pay_payer', ${payer}::text)`,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentIntents.id, id), notInArray(paymentIntents.status, ['processing', 'succeeded'])))
    .returning();
  return row ?? null;
}
