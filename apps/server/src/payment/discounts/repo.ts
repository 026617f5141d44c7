// SQL of coupons, promotion codes and tax rates: one mode at a time, as every payment object.
import type { ListQuery } from '@payshelf/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { coupons, promotionCodes, taxRates } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { activeFilter, pageOf, type Page } from '../shared/list.js';

export type CouponRow = typeof coupons.$inferSelect;
export type PromotionCodeRow = typeof promotionCodes.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

export async function getCoupon(
  db: Db,
  id: string,
  livemode: boolean,
  lock = false,
): Promise<CouponRow | null> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.livemode, livemode)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function getPromotionCode(
  db: Db,
  id: string,
  livemode: boolean,
): Promise<PromotionCodeRow | null> {
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(and(eq(promotionCodes.id, id), eq(promotionCodes.livemode, livemode)))
    .limit(1);
  return row ?? null;
}

/** The promotion code a customer typed, compared without case. */
export async function findPromotionCode(
  db: Db,
  code: string,
  livemode: boolean,
): Promise<PromotionCodeRow | null> {
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(and(eq(promotionCodes.livemode, livemode), sql`lower(${promotionCodes.code}) = lower(${code})`))
    .limit(1);
  return row ?? null;
}

export async function getTaxRates(db: Db, ids: readonly string[], livemode: boolean): Promise<TaxRateRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(taxRates)
    .where(and(inArray(taxRates.id, [...ids]), eq(taxRates.livemode, livemode)));
}

export async function insertCoupon(db: Db, row: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [created] = await db.insert(coupons).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function insertPromotionCode(
  db: Db,
  row: typeof promotionCodes.$inferInsert,
): Promise<PromotionCodeRow | null> {
  const [created] = await db.insert(promotionCodes).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function insertTaxRate(db: Db, row: typeof taxRates.$inferInsert): Promise<TaxRateRow> {
  const [created] = await db.insert(taxRates).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateCoupon(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof coupons.$inferInsert>,
): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(coupons.id, id), eq(coupons.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function updatePromotionCode(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof promotionCodes.$inferInsert>,
): Promise<PromotionCodeRow | null> {
  const [row] = await db
    .update(promotionCodes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(promotionCodes.id, id), eq(promotionCodes.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function updateTaxRate(
  db: Db,
  id: string,
  livemode: boolean,
  set: Partial<typeof taxRates.$inferInsert>,
): Promise<TaxRateRow | null> {
  const [row] = await db
    .update(taxRates)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(taxRates.id, id), eq(taxRates.livemode, livemode)))
    .returning();
  return row ?? null;
}

export async function listCoupons(
  db: Db,
  livemode: boolean,
  q: ListQuery & { valid?: 'true' | 'false' },
): Promise<{ rows: CouponRow[]; page: Page }> {
  const page = await pageOf(db, coupons, coupons, livemode, q, [activeFilter(coupons.valid, q.valid)]);
  const rows = await db
    .select()
    .from(coupons)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export async function listPromotionCodes(
  db: Db,
  livemode: boolean,
  q: ListQuery & { coupon_id?: string; code?: string },
): Promise<{ rows: PromotionCodeRow[]; page: Page }> {
  const page = await pageOf(db, promotionCodes, promotionCodes, livemode, q, [
    activeFilter(promotionCodes.active, q.active),
    q.coupon_id ? eq(promotionCodes.couponId, q.coupon_id) : undefined,
    q.code ? sql`lower(${promotionCodes.code}) = lower(${q.code})` : undefined,
  ]);
  const rows = await db
    .select()
    .from(promotionCodes)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export async function listTaxRates(
  db: Db,
  livemode: boolean,
  q: ListQuery & { inclusive?: 'true' | 'false' },
): Promise<{ rows: TaxRateRow[]; page: Page }> {
  const page = await pageOf(db, taxRates, taxRates, livemode, q, [
    activeFilter(taxRates.active, q.active),
    q.inclusive ? eq(taxRates.inclusive, q.inclusive === 'true') : undefined,
  ]);
  const rows = await db
    .select()
    .from(taxRates)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
