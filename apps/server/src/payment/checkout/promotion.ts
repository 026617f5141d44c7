// Applying and removing a promotion code on an open session. The totals are recomputed with the new
// discount; a payment intent waiting for its transfer is canceled in the same transaction (what is
// paid changed), and a redemption the session reserved at submit is given back.
import type { Db } from '../../db/database.js';
import { ApiError } from '../../core/http/errors.js';
import { getCustomer } from '../customers/index.js';
import { hasPaidBefore } from '../billing/index.js';
import { checkCode, findPromotionCode, getCoupon, refusal, releaseRedemption } from '../discounts/index.js';
import { loadPrices, sessionTotals } from '../line-items/index.js';
import type { Tx } from '../shared/db.js';
import { sessionAdjustments, totalColumns } from './adjustments.js';
import { assertChangeable, assertOpen, releaseIntent } from './mutate.js';
import { getSession, updateSession, type SessionRow } from './repo.js';

type Discount = { couponId: string; promotionCodeId: string } | null;

async function setDiscount(tx: Tx, row: SessionRow, discount: Discount): Promise<SessionRow> {
  const next = {
    ...row,
    couponId: discount?.couponId ?? null,
    promotionCodeId: discount?.promotionCodeId ?? null,
  };
  const prices = await loadPrices(tx, row.lineItems, row.livemode);
  const adjustments = await sessionAdjustments(tx, next, row.lineItems, prices);
  const totals = sessionTotals(row.lineItems, prices, row.currencyId, row.subscriptionData, adjustments);
  await releaseRedemption(tx, row.id);
  const released = await releaseIntent(tx, row);
  return updateSession(tx, released.id, {
    couponId: next.couponId,
    promotionCodeId: next.promotionCodeId,
    ...totalColumns(totals),
  });
}

async function lockOpen(tx: Tx, id: string): Promise<SessionRow> {
  const row = await getSession(tx, id, null, true);
  if (!row) throw ApiError.of('checkout_session_missing', { id: id.slice(0, 100) });
  assertOpen(row);
  await assertChangeable(tx, row);
  return row;
}

/** The customer-typed code, checked against the session (and its customer when known), applied. */
export async function applyPromotionCode(db: Db, id: string, text: string): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    if (!row.allowPromotionCodes) throw ApiError.of('promotion_codes_not_allowed', {}, { param: 'code' });
    const code = await findPromotionCode(tx, text, row.livemode);
    const coupon = code ? await getCoupon(tx, code.couponId, row.livemode) : null;
    if (!code || !coupon) throw refusal('unknown');
    if (row.promotionCodeId === code.id) return row;
    const customer = row.customerId ? await getCustomer(tx, row.customerId, row.livemode) : null;
    const buyer = customer
      ? { customerId: customer.id, hasPaidBefore: await hasPaidBefore(tx, customer.id) }
      : null;
    await checkCode(tx, code, coupon, row, buyer);
    return setDiscount(tx, row, { couponId: coupon.id, promotionCodeId: code.id });
  });
}

export async function removePromotionCode(db: Db, id: string): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    if (!row.couponId) return row;
    return setDiscount(tx, row, null);
  });
}
