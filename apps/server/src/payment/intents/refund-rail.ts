// The rail a refund is paid through (its intent's method, active or not) and the transfer it sends.
import { assetOf, type Rail, type RefundRequest } from './rail.js';
import { refundTo, type RefundRow } from './refunds.js';
import { getIntent } from './repo.js';
import { getCurrency, getMethod } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';

/** The rail a refund is paid through (its intent's method, active or not) and what it sends. */
export async function refundRail(
  ctx: PaymentContext,
  db: DbLike,
  row: RefundRow,
): Promise<{ rail: Rail; request: RefundRequest }> {
  const intent = await getIntent(db, row.paymentIntentId);
  const method = intent?.paymentMethodId
    ? await getMethod(db, intent.paymentMethodId, row.livemode)
    : undefined;
  const currency = await getCurrency(db, row.currencyId, row.livemode);
  const to = refundTo(row);
  if (!method || !currency || !to) throw new Error(`refund ${row.id}: no method, currency or payee`);
  return {
    rail: ctx.services.rails.forMethod(method),
    request: { reference: row.id, to, asset: assetOf(currency), amount: row.amount },
  };
}
