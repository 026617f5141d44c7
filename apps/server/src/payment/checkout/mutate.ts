import { checkCustomUnitAmountItems } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { Db } from '../../db/database.js';
import type { Tx } from '../shared/db.js';
import { throwIfRule } from '../shared/rules.js';
import { moveSessionToCurrency } from './currency.js';
import { loadPrices, sessionTotals, toRuleItem, type PriceMap } from './lines.js';
import { getSession, updateSession, type SessionRow } from './repo.js';

export interface ChangeInput {
  tx: Tx;
  row: SessionRow;
  items: StoredLineItem[];
  prices: PriceMap;
}

/** Refuses changes to a session that is no longer open. */
export function assertOpen(row: SessionRow): void {
  if (row.status === 'complete') {
    throw ApiError.badRequest('checkout_session_complete', 'This checkout session is already complete');
  }
  if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now()) {
    throw ApiError.badRequest('checkout_session_expired', 'Expired Link');
  }
}

/**
 * One change of a session's line items (optionally in another of its currencies), under a row lock so concurrent changes apply one after the
 * other: the change returns the new items, the totals are recomputed with the money rules, and the
 * updated session is returned. Returning the same items leaves the session untouched.
 */
export async function mutateSession(
  db: Db,
  id: string,
  change: (input: ChangeInput) => Promise<StoredLineItem[]> | StoredLineItem[],
  options: { currencyId?: string } = {},
): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const locked = await getSession(tx, id, null, true);
    if (!locked) throw ApiError.of('checkout_session_missing', { id: id.slice(0, 100) });
    assertOpen(locked);
    // A change made in the currency the customer picked moves the session there first.
    const row = options.currencyId ? await moveSessionToCurrency(tx, locked, options.currencyId) : locked;
    const prices = await loadPrices(tx, row.lineItems, row.livemode);
    const items = await change({ tx, row, items: row.lineItems.map((i) => ({ ...i })), prices });
    if (JSON.stringify(items) === JSON.stringify(row.lineItems)) return row;
    const after = await loadPrices(tx, items, row.livemode);
    throwIfRule(checkCustomUnitAmountItems(items.map((i) => toRuleItem(i, after))), 'line_items');
    const { subtotal, total } = sessionTotals(items, after, row.currencyId, row.subscriptionData);
    return updateSession(tx, row.id, {
      lineItems: items,
      amountSubtotal: subtotal,
      amountTotal: total,
      paymentStatus: total === 0n ? 'no_payment_required' : 'unpaid',
    });
  });
}
