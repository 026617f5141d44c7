import type { PriceCreate, PriceUpdate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { requireCurrency } from '../methods/index.js';
import { getMeter } from '../meters/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { definedOnly } from '../shared/expand.js';
import { newId } from '../shared/ids.js';
import { checkAmountPrecision } from '../shared/rules.js';
import { checkCustom, checkOption, checkPriceShape, checkTiers } from './price-rules.js';
import { requireProduct } from './product-service.js';
import { getPrice, insertPrice, updatePrice, type PriceRow } from './repo.js';

export async function requirePrice(db: Db, id: string, livemode: boolean, param?: string): Promise<PriceRow> {
  const row = await getPrice(db, id, livemode);
  if (!row) {
    throw ApiError.missing('price_missing', id, param);
  }
  return row;
}

/** A price's meter must exist in its mode and the price must be metered. */
async function checkMeter(db: Db, recurring: PriceCreate['recurring'], livemode: boolean): Promise<void> {
  const meterId = recurring?.meter_id;
  if (!meterId) return;
  const meter = await getMeter(db, meterId, livemode);
  if (!meter || recurring.usage_type !== 'metered') {
    throw ApiError.of('meter_price_needs_meter', {}, { param: 'recurring.meter_id' });
  }
}

async function checkUpsell(
  db: Db,
  upsellsTo: string | undefined,
  livemode: boolean,
  self?: string,
): Promise<void> {
  if (!upsellsTo) return;
  if (upsellsTo === self) {
    throw ApiError.of('price_upsell_self', {}, { param: 'upsell.upsells_to_id' });
  }
  const target = await requirePrice(db, upsellsTo, livemode, 'upsell.upsells_to_id');
  if (!target.active) {
    throw ApiError.of('price_upsell_archived', {}, { param: 'upsell.upsells_to_id' });
  }
}

export async function createPrice(db: Db, livemode: boolean, input: PriceCreate): Promise<PriceRow> {
  const type = checkPriceShape(input);
  const product = await requireProduct(db, input.product_id, livemode, 'product_id');
  if (!product.active) throw ApiError.of('product_archived', {}, { param: 'product_id' });
  const currency = await requireCurrency(db, input.currency_id, livemode, 'currency_id');
  const unitAmount = BigInt(input.unit_amount ?? input.custom_unit_amount?.preset ?? '0');
  checkAmountPrecision(unitAmount, currency, 'unit_amount');
  if (input.tiers) checkTiers(input.tiers, currency, 'tiers');
  if (input.custom_unit_amount) checkCustom(input.custom_unit_amount, currency, 'custom_unit_amount');
  const options = input.currency_options ?? [];
  const seen = new Set([input.currency_id]);
  for (const [index, option] of options.entries()) {
    if (seen.has(option.currency_id)) {
      throw ApiError.of('price_currency_twice', {}, { param: `currency_options.${index}.currency_id` });
    }
    seen.add(option.currency_id);
    const optionCurrency = await requireCurrency(
      db,
      option.currency_id,
      livemode,
      `currency_options.${index}.currency_id`,
    );
    checkOption(option, optionCurrency, index);
    if (input.billing_scheme === 'tiered' && !option.tiers) {
      throw ApiError.of('price_tiers_per_currency', {}, { param: `currency_options.${index}.tiers` });
    }
  }
  const credit = input.metadata?.credit_config;
  if (product.type === 'credit' && !credit) {
    throw ApiError.of('price_credit_config', {}, { param: 'metadata.credit_config' });
  }
  if (credit) await requireCurrency(db, credit.currency_id, livemode, 'metadata.credit_config.currency_id');
  await checkUpsell(db, input.upsell?.upsells_to_id, livemode);
  await checkMeter(db, input.recurring, livemode);
  return insertPrice(db, {
    id: newId('price'),
    livemode,
    active: input.active ?? true,
    productId: product.id,
    type,
    currencyId: currency.id,
    unitAmount,
    billingScheme: input.billing_scheme,
    tiersMode: input.tiers_mode ?? null,
    tiers: input.tiers ?? null,
    customUnitAmount: input.custom_unit_amount ?? null,
    currencyOptions: options,
    recurringInterval: input.recurring?.interval ?? null,
    recurringIntervalCount: input.recurring?.interval_count ?? null,
    recurringUsageType: input.recurring?.usage_type ?? null,
    recurringMeterId: input.recurring?.meter_id ?? null,
    recurringAggregateUsage:
      input.recurring?.usage_type === 'metered' ? (input.recurring.aggregate_usage ?? 'sum') : null,
    upsellsToId: input.upsell?.upsells_to_id ?? null,
    switchable: input.switchable ?? false,
    quantityAvailable: input.quantity_available ?? 0,
    quantityLimitPerCheckout: input.quantity_limit_per_checkout ?? 0,
    nickname: input.nickname ?? null,
    lookupKey: input.lookup_key ?? null,
    metadata: input.metadata ?? {},
    taxRateIds: input.tax_rates ? [...new Set(input.tax_rates)] : [],
  });
}

export async function changePrice(
  db: Db,
  id: string,
  livemode: boolean,
  input: PriceUpdate,
): Promise<PriceRow> {
  await requirePrice(db, id, livemode);
  await checkUpsell(db, input.upsell?.upsells_to_id, livemode, id);
  const row = await updatePrice(
    db,
    id,
    livemode,
    definedOnly({
      active: input.active,
      nickname: input.nickname,
      lookupKey: input.lookup_key,
      metadata: input.metadata,
      upsellsToId: input.upsell === undefined ? undefined : (input.upsell?.upsells_to_id ?? null),
      switchable: input.switchable,
      quantityAvailable: input.quantity_available,
      quantityLimitPerCheckout: input.quantity_limit_per_checkout,
      taxRateIds: input.tax_rates ? [...new Set(input.tax_rates)] : undefined,
    }),
  );
  if (!row) throw ApiError.of('resource_missing', {});
  return row;
}

/**
 * Adds a currency a one-time price may also be paid in (the demo catalog adds its card and Bitcoin
 * currencies to prices seeded before): checked as at creation; a currency the price has already is kept.
 */
export async function addPriceCurrency(
  db: Db,
  id: string,
  livemode: boolean,
  option: { currency_id: string; unit_amount: string },
): Promise<PriceRow> {
  const price = await requirePrice(db, id, livemode);
  if (price.currencyId === option.currency_id) return price;
  if (price.currencyOptions.some((o) => o.currency_id === option.currency_id)) return price;
  const currency = await requireCurrency(db, option.currency_id, livemode, 'currency_id');
  checkOption(option, currency, price.currencyOptions.length);
  const row = await updatePrice(db, id, livemode, { currencyOptions: [...price.currencyOptions, option] });
  if (!row) throw ApiError.of('resource_missing', {});
  return row;
}
