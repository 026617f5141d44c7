import { checkCustomUnitAmountItems } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { Db } from '../../db/database.js';
import { cancelIntent, getIntent, isSettling } from '../intents/index.js';
import type { Tx } from '../shared/db.js';
import { releaseStock } from '../catalog/index.js';
import { releaseRedemption } from '../discounts/index.js';
import { throwIfRule } from '../shared/rules.js';
import { moveSessionToCurrency } from './currency.js';
import { loadPrices, sessionTotals, toRuleItem, type PriceMap } from '../line-items/index.js';
import { getSession, updateSession, type SessionRow } from './repo.js';
import { sessionAdjustments, totalColumns } from './adjustments.js';

export interface ChangeInput {
  tx: Tx;
  row: SessionRow;
  items: StoredLineItem[];
  prices: PriceMap;
}

/** Refuses changes to a session that is no longer open. */
export function assertOpen(row: SessionRow): void {
  if (row.status === 'complete') {
    throw ApiError.of('checkout_session_complete', {});
  }
  if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now()) {
    throw ApiError.of('checkout_session_expired', {});
  }
}

/**
 * What is bought may change only while no money moves: with a transfer known for the session's intent
 * (processing) or paid, any change is refused (as Stripe refuses changes to a session with a
 * processing payment). An intent still waiting for its transfer is canceled by the change, in the
 * same transaction, and the session forgets it: the next submit creates a new intent for the new
 * total, whose reference a transfer made for the old one does not carry.
 */
export async function releaseIntent(tx: Tx, row: SessionRow): Promise<SessionRow> {
  if (!row.paymentIntentId) return row;
  const intent = await getIntent(tx, row.paymentIntentId, true);
  if (intent && isSettling(intent.status)) {
    throw ApiError.of('checkout_payment_in_progress', {});
  }
  if (intent && intent.status !== 'canceled') await cancelIntent(tx, intent, 'checkout_changed');
  return updateSession(tx, row.id, { paymentIntentId: null });
}

/** Refuses a change while the session's payment is in progress (see releaseIntent), without changing it. */
export async function assertChangeable(tx: Tx, row: SessionRow): Promise<void> {
  const intent = row.paymentIntentId ? await getIntent(tx, row.paymentIntentId, true) : null;
  if (intent && isSettling(intent.status)) {
    throw ApiError.of('checkout_payment_in_progress', {});
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
    await assertChangeable(tx, locked);
    // A change made in the currency the customer picked moves the session there first.
    const moved = options.currencyId ? await moveSessionToCurrency(tx, locked, options.currencyId) : locked;
    const row = moved === locked ? locked : await releaseIntent(tx, moved);
    const prices = await loadPrices(tx, row.lineItems, row.livemode);
    const items = await change({ tx, row, items: row.lineItems.map((i) => ({ ...i })), prices });
    if (JSON.stringify(items) === JSON.stringify(row.lineItems)) return row;
    const after = await loadPrices(tx, items, row.livemode);
    throwIfRule(checkCustomUnitAmountItems(items.map((i) => toRuleItem(i, after))), 'line_items');
    const adjustments = await sessionAdjustments(tx, row, items, after);
    const totals = sessionTotals(items, after, row.currencyId, row.subscriptionData, adjustments);
    await releaseStock(tx, row.id);
    // What is bought changed: the next submit checks the code again and reserves anew.
    await releaseRedemption(tx, row.id);
    const released = await releaseIntent(tx, row);
    return updateSession(tx, released.id, { lineItems: items, ...totalColumns(totals) });
  });
}
