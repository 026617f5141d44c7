// Consumption of credit by meter events of a credit meter, inside the transaction that inserted them.
// Per event: the customer's usable grants of the meter's currency (granted, effective and not expired
// at the event's time, general or scoped to a price of this meter) are locked FOR UPDATE in
// consumption order (priority, then the sooner expiry, none last, then the older grant), so two
// concurrent events of one customer queue on the same first row and never overdraw a grant; each is
// drawn down in that order with one credit transaction per grant touched. What no grant covers stays
// pending on the event (status requires_action) and raises customer.credit.insufficient.
import { sql } from 'drizzle-orm';
import { creditGrants, meterEvents } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import type { DbLike } from '../shared/db.js';
import { drawFromGrants } from './draw.js';
import type { CreditGrantRow } from './repo.js';

export interface CreditEvent {
  id: string;
  livemode: boolean;
  meterId: string;
  currencyId: string;
  customerId: string;
  subscriptionId: string | null;
  value: bigint;
  timestamp: Date;
}

export interface Shortfall {
  event: CreditEvent;
  pending: bigint;
}

async function usableGrants(tx: DbLike, e: CreditEvent): Promise<CreditGrantRow[]> {
  const at = e.timestamp.toISOString();
  return tx
    .select()
    .from(creditGrants)
    .where(
      sql`${creditGrants.customerId} = ${e.customerId} AND ${creditGrants.currencyId} = ${e.currencyId}
        AND ${creditGrants.livemode} = ${e.livemode} AND ${creditGrants.status} = 'granted'
        AND ${creditGrants.remainingAmount} > 0 AND ${creditGrants.effectiveAt} <= ${at}
        AND (${creditGrants.expiresAt} IS NULL OR ${creditGrants.expiresAt} > ${at})
        AND (${creditGrants.scopePrices} = '[]'::jsonb OR EXISTS (
          SELECT 1 FROM prices p WHERE p.recurring_meter_id = ${e.meterId}
            AND ${creditGrants.scopePrices} ? p.id))`,
    )
    .orderBy(
      sql`${creditGrants.priority}, ${creditGrants.expiresAt} NULLS LAST, ${creditGrants.createdAt}, ${creditGrants.id}`,
    )
    .for('update');
}

/** Consumes credit for each event in order; answers the events that were not fully covered. */
export async function consumeForEvents(tx: DbLike, events: readonly CreditEvent[]): Promise<Shortfall[]> {
  const shortfalls: Shortfall[] = [];
  for (const e of events) {
    const left =
      e.value > 0n
        ? await drawFromGrants(tx, await usableGrants(tx, e), e.value, {
            livemode: e.livemode,
            customerId: e.customerId,
            currencyId: e.currencyId,
            meterId: e.meterId,
            meterEventId: e.id,
            subscriptionId: e.subscriptionId,
            source: 'meter_event',
          })
        : e.value;
    await tx
      .update(meterEvents)
      .set({
        creditConsumed: e.value - left,
        creditPending: left,
        status: left > 0n ? 'requires_action' : 'completed',
      })
      .where(eq(meterEvents.id, e.id));
    if (left > 0n) shortfalls.push({ event: e, pending: left });
  }
  return shortfalls;
}
