// Overdue bulk pay: one payment intent pays every overdue invoice of one currency of a subscription
// or customer. The batch is frozen when it is created: the intent's amount is the sum, and its
// metadata lists each invoice with the amount it pays, so the one transfer (tagged with the intent's
// reference) counts only for those invoices, each exactly once. A batch still waiting for its
// transfer is reused while the overdue set is unchanged, replaced (canceled) when it changed, and a
// batch in flight refuses a second one (no double charge).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { paymentIntents } from '../../db/schema/index.js';
import { ApiError } from '../../core/http/errors.js';
import { getMethod } from '../methods/index.js';
import {
  cancelIntent,
  createIntent,
  getIntent,
  INVOICE_BATCH_KEY,
  updateIntent,
  type IntentRow,
} from '../intents/index.js';
import type { DbLike } from '../shared/db.js';
import { overdueRows, type OverdueScope } from './overdue.js';

/** The metadata key of a batch intent. */
export const BATCH_KEY = INVOICE_BATCH_KEY;

const frozen = z.object({
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  invoices: z.array(z.object({ id: z.string(), amount: z.string().regex(/^\d+$/) })).min(1),
});
export type FrozenBatch = z.infer<typeof frozen>;

/** The frozen batch of an intent, or null when the intent is no batch. */
export function batchOf(intent: Pick<IntentRow, 'metadata'> | null): FrozenBatch | null {
  const parsed = frozen.safeParse(intent?.metadata?.[BATCH_KEY]);
  return parsed.success ? parsed.data : null;
}

const sameSet = (a: FrozenBatch['invoices'], b: FrozenBatch['invoices']) =>
  a.length === b.length && a.every((x, i) => x.id === b[i]?.id && x.amount === b[i]?.amount);

/** Open batches of this customer and currency (waiting or in flight), locked. */
async function openBatches(tx: DbLike, livemode: boolean, customerId: string, currencyId: string) {
  return tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.livemode, livemode),
        eq(paymentIntents.customerId, customerId),
        eq(paymentIntents.currencyId, currencyId),
        inArray(paymentIntents.status, ['requires_action', 'processing']),
        sql`${paymentIntents.metadata} ? ${BATCH_KEY}`,
      ),
    )
    .for('update');
}

/**
 * The batch intent paying the scope's overdue invoices of `currencyId` now: created (amounts frozen),
 * or the waiting one when nothing changed. Refuses an empty set, a card method and a batch in flight.
 */
export async function openBatch(
  db: DbLike,
  livemode: boolean,
  scope: OverdueScope & { currencyId: string },
): Promise<IntentRow> {
  const rows = await overdueRows(db, livemode, scope);
  const wanted = rows
    .filter((r) => r.amountRemaining > 0n)
    .map((r) => ({ id: r.id, amount: r.amountRemaining.toString() }));
  if (wanted.length === 0) throw ApiError.of('overdue_nothing', {});
  const methodId = rows.find((r) => r.paymentMethodId)?.paymentMethodId ?? null;
  const method = methodId ? await getMethod(db, methodId, livemode) : null;
  if (!method || method.type === 'stripe') throw ApiError.of('overdue_not_supported', {});
  const batch: FrozenBatch = {
    customer_id: scope.customerId,
    subscription_id: scope.subscriptionId ?? null,
    invoices: wanted,
  };
  for (const open of await openBatches(db, livemode, scope.customerId, scope.currencyId)) {
    const theirs = batchOf(open);
    const overlaps = theirs?.invoices.some((i) => wanted.some((w) => w.id === i.id));
    if (!theirs || !overlaps) continue;
    if (open.status === 'processing') throw ApiError.of('overdue_in_progress', {});
    if (sameSet(theirs.invoices, wanted) && theirs.subscription_id === batch.subscription_id) return open;
    await cancelIntent(db, open, 'the overdue invoices changed');
  }
  const intent = await createIntent(db, {
    livemode,
    amount: wanted.reduce((sum, w) => sum + BigInt(w.amount), 0n),
    currencyId: scope.currencyId,
    paymentMethodId: method.id,
    customerId: scope.customerId,
    description: `Overdue invoices (${wanted.length})`,
  });
  return updateIntent(db, intent.id, { metadata: { ...intent.metadata, [BATCH_KEY]: batch } });
}

/** A batch intent by id, when it belongs to this customer and currency (else null). */
export async function batchIntent(
  db: DbLike,
  id: string,
  customerId: string,
  currencyId: string,
): Promise<{ intent: IntentRow; batch: FrozenBatch } | null> {
  const intent = await getIntent(db, id);
  const batch = batchOf(intent);
  if (!intent || !batch || intent.customerId !== customerId || intent.currencyId !== currencyId) return null;
  return { intent, batch };
}
