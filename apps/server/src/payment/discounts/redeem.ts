// Counting redemptions exactly once. A submitted checkout reserves its redemption: a conditional
// UPDATE ... WHERE times_redeemed < max_redemptions on the promotion code and on the coupon (each a row
// lock, so concurrent submits queue and exactly max_redemptions of them pass), and one
// coupon_redemptions row per session (unique). Completion marks it redeemed; expiry or removing the
// code before completion deletes the row and gives the counts back.
import { checkPromotion, type PromotionRefusal } from '@payshelf/money';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { couponRedemptions, coupons, promotionCodes } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { getCoupon, getPromotionCode, type CouponRow, type PromotionCodeRow } from './repo.js';
import { couponTerms, couponValidity } from './serialize.js';

export interface DiscountedSale {
  id: string;
  livemode: boolean;
  couponId: string | null;
  promotionCodeId: string | null;
  currencyId: string;
  amountSubtotal: bigint;
}

export interface Buyer {
  customerId: string;
  hasPaidBefore: boolean;
}

/** The refusal of a promotion code as an API error (promotion_code_invalid, its reason in the message). */
export function refusal(reason: PromotionRefusal | 'unknown'): ApiError {
  return ApiError.of(`promo_${reason}`, {}, { param: 'code' });
}

async function codeRedemptionsBy(
  db: Db,
  codeId: string,
  customerId: string,
  sessionId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.promotionCodeId, codeId),
        eq(couponRedemptions.customerId, customerId),
        ne(couponRedemptions.checkoutSessionId, sessionId),
      ),
    );
  return row?.n ?? 0;
}

/** Checks a promotion code for a sale (and its buyer once known); throws its refusal. */
export async function checkCode(
  db: Db,
  code: PromotionCodeRow,
  coupon: CouponRow,
  sale: DiscountedSale,
  buyer: Buyer | null,
): Promise<void> {
  const customer = buyer
    ? {
        hasPaidBefore: buyer.hasPaidBefore,
        redemptionsOfCode: await codeRedemptionsBy(db, code.id, buyer.customerId, sale.id),
      }
    : null;
  const reason = checkPromotion(
    {
      active: code.active,
      expires_at: code.expiresAt,
      max_redemptions: code.maxRedemptions,
      times_redeemed: code.timesRedeemed,
      first_time_transaction: code.firstTimeTransaction,
      minimum_amount: code.minimumAmount,
      minimum_amount_currency_id: code.minimumAmountCurrencyId,
      per_customer_limit: code.perCustomerLimit,
    },
    { ...couponTerms(coupon), ...couponValidity(coupon) },
    { now: new Date(), currencyId: sale.currencyId, subtotal: sale.amountSubtotal, customer },
  );
  if (reason) throw refusal(reason);
}

/** Gives back what the session reserved (not what it redeemed). */
export async function releaseRedemption(tx: Db, sessionId: string): Promise<void> {
  const released = await tx
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.checkoutSessionId, sessionId), eq(couponRedemptions.status, 'reserved')))
    .returning();
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ timesRedeemed: sql`${coupons.timesRedeemed} - 1` })
      .where(eq(coupons.id, r.couponId));
    if (r.promotionCodeId) {
      await tx
        .update(promotionCodes)
        .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} - 1` })
        .where(eq(promotionCodes.id, r.promotionCodeId));
    }
  }
}

/** One more redemption of the code and its coupon, unless either reached its max (then null). */
async function countOne(tx: Db, couponId: string, codeId: string | null): Promise<boolean> {
  if (codeId) {
    const [code] = await tx
      .update(promotionCodes)
      .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
      .where(
        and(
          eq(promotionCodes.id, codeId),
          sql`(${promotionCodes.maxRedemptions} IS NULL OR ${promotionCodes.timesRedeemed} < ${promotionCodes.maxRedemptions})`,
        ),
      )
      .returning({ id: promotionCodes.id });
    if (!code) return false;
  }
  const [coupon] = await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxRedemptions} IS NULL OR ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ id: coupons.id });
  return coupon !== undefined;
}

/**
 * At submit, in the submit's transaction: checks the code again for this buyer and reserves one
 * redemption (kept when the same session submits again). Throws the refusal; the transaction then
 * rolls back, so nothing is counted.
 */
export async function reserveRedemption(tx: Db, sale: DiscountedSale, buyer: Buyer): Promise<void> {
  const [held] = await tx
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.checkoutSessionId, sale.id));
  if (held && held.couponId === sale.couponId && held.promotionCodeId === sale.promotionCodeId) {
    if (held.customerId === buyer.customerId) return;
  }
  if (held) await releaseRedemption(tx, sale.id);
  if (!sale.couponId) return;
  const coupon = await getCoupon(tx, sale.couponId, sale.livemode);
  const code = sale.promotionCodeId ? await getPromotionCode(tx, sale.promotionCodeId, sale.livemode) : null;
  if (!coupon || (sale.promotionCodeId && !code)) throw refusal('coupon_invalid');
  if (code) {
    // Lock the code first, so the same customer's concurrent checkouts count one after the other.
    await tx.execute(sql`SELECT 1 FROM ${promotionCodes} WHERE ${promotionCodes.id} = ${code.id} FOR UPDATE`);
    await checkCode(tx, code, coupon, sale, buyer);
  }
  if (!(await countOne(tx, coupon.id, code?.id ?? null)))
    throw refusal(code ? 'max_redemptions' : 'coupon_invalid');
  await tx.insert(couponRedemptions).values({
    id: newId('redemption'),
    livemode: sale.livemode,
    couponId: coupon.id,
    promotionCodeId: code?.id ?? null,
    customerId: buyer.customerId,
    checkoutSessionId: sale.id,
    status: 'reserved',
  });
}

/**
 * At completion: the reservation becomes the redemption. A session completing without one (paid after
 * its reservation was released) is counted now when the limits still allow; either way it is recorded
 * once, since the customer paid the discounted total.
 */
export async function redeem(tx: Db, sale: DiscountedSale, customerId: string | null): Promise<void> {
  if (!sale.couponId) return;
  const [done] = await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed' })
    .where(eq(couponRedemptions.checkoutSessionId, sale.id))
    .returning({ id: couponRedemptions.id });
  if (done) return;
  await countOne(tx, sale.couponId, sale.promotionCodeId);
  await tx
    .insert(couponRedemptions)
    .values({
      id: newId('redemption'),
      livemode: sale.livemode,
      couponId: sale.couponId,
      promotionCodeId: sale.promotionCodeId,
      customerId,
      checkoutSessionId: sale.id,
      status: 'redeemed',
    })
    .onConflictDoNothing();
}
