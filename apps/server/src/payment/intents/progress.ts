// A processing payment's confirmations as its rail's watcher counts them, kept in its payment_details
// (`confirmations`, `confirmations_required`) so the checkout can say "confirming n/m". Only a
// processing intent is touched; a settled one keeps its final details.
import { and, eq, sql } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';

/** The keys this records; settling a payment drops them (the payment is then simply paid). */
export const PROGRESS_KEYS = ['confirmations', 'confirmations_required'] as const;

export async function recordConfirmations(
  tx: DbLike,
  intentId: string,
  confirmations: number,
  required: number,
): Promise<void> {
  const progress = JSON.stringify({ confirmations, confirmations_required: required });
  await tx
    .update(paymentIntents)
    .set({
      paymentDetails: sql`coalesce(${paymentIntents.paymentDetails}, '{}'::jsonb) || ${progress}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(paymentIntents.id, intentId),
        eq(paymentIntents.status, 'processing'),
        // Unchanged counts are not written again (the watcher asks every few seconds).
        sql`(${paymentIntents.paymentDetails} -> 'confirmations') IS DISTINCT FROM ${String(confirmations)}::jsonb
          OR (${paymentIntents.paymentDetails} -> 'confirmations_required') IS DISTINCT FROM ${String(required)}::jsonb`,
      ),
    );
}
