// Paying a checkout from credit: the customer's usable grants of the checkout's credit currency
// (granted, effective and unexpired now, general or scoped to one of the checkout's prices) in the
// meters' consumption order. Locked FOR UPDATE in that order so two payments never overdraw a grant;
// all or nothing: when the grants do not cover the amount nothing is drawn.
import { sql } from 'drizzle-orm';
import { creditGrants } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { drawFromGrants } from './draw.js';
import type { CreditGrantRow } from './repo.js';

export interface CreditPayment {
  livemode: boolean;
  customerId: string;
  currencyId: string;
  /** The prices being bought: a grant scoped to prices is usable when it names one of them. */
  priceIds: readonly string[];
  amount: bigint;
  /** What the transactions say they paid ("Checkout cs_…"). */
  description: string;
}

function usableForPrices(tx: DbLike, p: Omit<CreditPayment, 'amount' | 'description'>, lock: boolean) {
  const now = new Date().toISOString();
  const prices = JSON.stringify(p.priceIds);
  const query = tx
    .select()
    .from(creditGrants)
    .where(
      sql`${creditGrants.customerId} = ${p.customerId} AND ${creditGrants.currencyId} = ${p.currencyId}
        AND ${creditGrants.livemode} = ${p.livemode} AND ${creditGrants.status} = 'granted'
        AND ${creditGrants.remainingAmount} > 0 AND ${creditGrants.effectiveAt} <= ${now}
        AND (${creditGrants.expiresAt} IS NULL OR ${creditGrants.expiresAt} > ${now})
        AND (${creditGrants.scopePrices} = '[]'::jsonb
          OR ${creditGrants.scopePrices} ?| ARRAY(SELECT jsonb_array_elements_text(${prices}::jsonb)))`,
    )
    .orderBy(
      sql`${creditGrants.priority}, ${creditGrants.expiresAt} NULLS LAST, ${creditGrants.createdAt}, ${creditGrants.id}`,
    );
  return lock ? query.for('update') : query;
}

/** The credit a customer could pay with now for these prices (the checkout's `creditSufficient`). */
export async function availableCredit(
  tx: DbLike,
  p: Omit<CreditPayment, 'amount' | 'description'>,
): Promise<bigint> {
  const rows: CreditGrantRow[] = await usableForPrices(tx, p, false);
  return rows.reduce((sum, g) => sum + g.remainingAmount, 0n);
}

/** Draws `amount` from the usable grants, one credit transaction per grant; false (nothing drawn) when short. */
export async function payWithCredit(tx: DbLike, p: CreditPayment): Promise<boolean> {
  const grants: CreditGrantRow[] = await usableForPrices(tx, p, true);
  if (grants.reduce((sum, g) => sum + g.remainingAmount, 0n) < p.amount) return false;
  await drawFromGrants(tx, grants, p.amount, {
    livemode: p.livemode,
    customerId: p.customerId,
    currencyId: p.currencyId,
    meterId: null,
    meterEventId: null,
    subscriptionId: null,
    source: 'checkout',
    description: p.description,
  });
  return true;
}
