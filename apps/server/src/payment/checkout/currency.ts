// Moving an open session to another of its currencies. Pay-what-you-want amounts are smallest units
// of the session's currency, so they move with it: the same human amount in the new currency's units
// (exact, or the precision error), never the old count of units read in new decimals.
import { rescaleUnits } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import { requireCurrency } from '../methods/index.js';
import type { Tx } from '../shared/db.js';
import { checkAmountPrecision, moneyRule } from '../shared/rules.js';
import { loadPrices, payableCurrencies, sessionTotals } from '../line-items/index.js';
import { updateSession, type SessionRow } from './repo.js';
import { sessionAdjustments, totalColumns } from './adjustments.js';

/** Line items with their custom amounts expressed in the new currency's smallest units. */
async function itemsIn(tx: Tx, row: SessionRow, currencyId: string): Promise<StoredLineItem[]> {
  if (!row.lineItems.some((i) => i.custom_amount !== null)) return row.lineItems;
  const from = await requireCurrency(tx, row.currencyId, row.livemode);
  const to = await requireCurrency(tx, currencyId, row.livemode, 'payment_currency');
  return row.lineItems.map((item) => {
    if (item.custom_amount === null) return item;
    const units = moneyRule('amount', () =>
      rescaleUnits(BigInt(item.custom_amount ?? '0'), from.decimal, to.decimal),
    );
    checkAmountPrecision(units, to, 'amount');
    return { ...item, custom_amount: units.toString() };
  });
}

/** Moves a locked, open session to `currencyId` (totals recomputed) when every line item is sold in it. */
export async function moveSessionToCurrency(
  tx: Tx,
  row: SessionRow,
  currencyId: string,
): Promise<SessionRow> {
  if (row.currencyId === currencyId) return row;
  const prices = await loadPrices(tx, row.lineItems, row.livemode);
  const payable = payableCurrencies(row.lineItems, prices);
  if (payable && !payable.has(currencyId)) {
    throw ApiError.of('CURRENCY_NOT_CONFIGURED', {}, { param: 'payment_currency' });
  }
  const lineItems = await itemsIn(tx, row, currencyId);
  const adjustments = await sessionAdjustments(tx, row, lineItems, prices);
  const totals = sessionTotals(lineItems, prices, currencyId, row.subscriptionData, adjustments);
  return updateSession(tx, row.id, { currencyId, lineItems, ...totalColumns(totals) });
}
