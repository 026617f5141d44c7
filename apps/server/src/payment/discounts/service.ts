// Creating, changing and archiving coupons, promotion codes and tax rates (the merchant API).
import type {
  CouponCreate,
  CouponUpdate,
  PromotionCodeCreate,
  PromotionCodeUpdate,
  TaxRateCreate,
  TaxRateUpdate,
} from '@payshelf/api';
import { percentToString, requirePercent } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import { getProducts } from '../catalog/index.js';
import { requireCurrency } from '../methods/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import {
  getCoupon,
  getPromotionCode,
  getTaxRates,
  insertCoupon,
  insertPromotionCode,
  insertTaxRate,
  updateCoupon,
  updatePromotionCode,
  updateTaxRate,
  type CouponRow,
  type PromotionCodeRow,
  type TaxRateRow,
} from './repo.js';

export async function requireCoupon(
  db: Db,
  id: string,
  livemode: boolean,
  param?: string,
): Promise<CouponRow> {
  const row = await getCoupon(db, id, livemode);
  if (!row) throw ApiError.missing('coupon_missing', id, param);
  return row;
}

export async function requirePromotionCode(db: Db, id: string, livemode: boolean): Promise<PromotionCodeRow> {
  const row = await getPromotionCode(db, id, livemode);
  if (!row) throw ApiError.missing('promotion_code_missing', id);
  return row;
}

export async function requireTaxRate(db: Db, id: string, livemode: boolean): Promise<TaxRateRow> {
  const [row] = await getTaxRates(db, [id], livemode);
  if (!row) throw ApiError.missing('tax_rate_missing', id);
  return row;
}

/** Tax rate ids a price or checkout names: each must exist in the mode and be active. */
export async function checkTaxRateIds(
  db: Db,
  ids: readonly string[],
  livemode: boolean,
  param: string,
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await getTaxRates(db, unique, livemode);
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw ApiError.missing('tax_rate_missing', id, param);
    if (!row.active) throw ApiError.of('tax_rate_inactive', {}, { param });
  }
  return unique;
}

export async function createCoupon(db: Db, livemode: boolean, input: CouponCreate): Promise<CouponRow> {
  if (input.currency_id) await requireCurrency(db, input.currency_id, livemode, 'currency_id');
  for (const [i, option] of (input.currency_options ?? []).entries()) {
    await requireCurrency(db, option.currency_id, livemode, `currency_options.${i}.currency_id`);
  }
  const products = input.applies_to?.products ?? null;
  if (products) {
    const found = await getProducts(db, products, livemode);
    const absent = products.find((id) => !found.some((p) => p.id === id));
    if (absent) throw ApiError.missing('product_missing', absent, 'applies_to.products');
  }
  return insertCoupon(db, {
    id: newId('coupon'),
    livemode,
    name: input.name ?? null,
    percentOff: input.percent_off === undefined ? null : percentToString(requirePercent(input.percent_off)),
    amountOff: input.amount_off === undefined ? null : BigInt(input.amount_off),
    currencyId: input.amount_off === undefined ? null : (input.currency_id ?? null),
    currencyOptions: input.amount_off === undefined ? [] : (input.currency_options ?? []),
    duration: input.duration,
    durationInMonths: input.duration_in_months ?? null,
    maxRedemptions: input.max_redemptions ?? null,
    redeemBy: input.redeem_by ? new Date(input.redeem_by) : null,
    appliesToProducts: products ? [...new Set(products)] : null,
    metadata: input.metadata ?? {},
  });
}

export async function changeCoupon(
  db: Db,
  id: string,
  livemode: boolean,
  input: CouponUpdate & { valid?: boolean },
): Promise<CouponRow> {
  const row = await updateCoupon(db, id, livemode, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    ...(input.valid !== undefined ? { valid: input.valid } : {}),
  });
  if (!row) throw ApiError.missing('coupon_missing', id);
  return row;
}

export async function createPromotionCode(
  db: Db,
  livemode: boolean,
  input: PromotionCodeCreate,
): Promise<PromotionCodeRow> {
  const coupon = await requireCoupon(db, input.coupon_id, livemode, 'coupon_id');
  if (!coupon.valid) throw ApiError.of('coupon_not_valid', {}, { param: 'coupon_id' });
  const r = input.restrictions ?? {};
  if (r.minimum_amount_currency_id) {
    await requireCurrency(
      db,
      r.minimum_amount_currency_id,
      livemode,
      'restrictions.minimum_amount_currency_id',
    );
  }
  const row = await insertPromotionCode(db, {
    id: newId('promo'),
    livemode,
    code: input.code,
    couponId: coupon.id,
    active: input.active ?? true,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    maxRedemptions: input.max_redemptions ?? null,
    firstTimeTransaction: r.first_time_transaction ?? false,
    minimumAmount: r.minimum_amount === undefined ? null : BigInt(r.minimum_amount),
    minimumAmountCurrencyId: r.minimum_amount_currency_id ?? null,
    perCustomerLimit: r.per_customer_limit ?? null,
    metadata: input.metadata ?? {},
  });
  if (!row) throw ApiError.of('promotion_code_exists', {}, { param: 'code' });
  return row;
}

export async function changePromotionCode(
  db: Db,
  id: string,
  livemode: boolean,
  input: PromotionCodeUpdate,
): Promise<PromotionCodeRow> {
  const row = await updatePromotionCode(db, id, livemode, {
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
  });
  if (!row) throw ApiError.missing('promotion_code_missing', id);
  return row;
}

export async function createTaxRate(db: Db, livemode: boolean, input: TaxRateCreate): Promise<TaxRateRow> {
  return insertTaxRate(db, {
    id: newId('txr'),
    livemode,
    displayName: input.display_name,
    description: input.description ?? null,
    percentage: percentToString(requirePercent(input.percentage)),
    inclusive: input.inclusive,
    jurisdiction: input.jurisdiction ?? null,
    country: input.country ?? null,
    state: input.state ?? null,
    active: input.active ?? true,
    metadata: input.metadata ?? {},
  });
}

export async function changeTaxRate(
  db: Db,
  id: string,
  livemode: boolean,
  input: TaxRateUpdate,
): Promise<TaxRateRow> {
  const set = Object.fromEntries(
    Object.entries({
      displayName: input.display_name,
      description: input.description,
      jurisdiction: input.jurisdiction,
      country: input.country,
      state: input.state,
      active: input.active,
      metadata: input.metadata,
    }).filter(([, v]) => v !== undefined),
  );
  const row = await updateTaxRate(db, id, livemode, set);
  if (!row) throw ApiError.missing('tax_rate_missing', id);
  return row;
}
