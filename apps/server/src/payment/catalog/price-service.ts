import type { PriceCreate, PriceUpdate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { requireCurrency } from '../methods/index.js';
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
    if (param) throw ApiError.badRequest('resource_missing', `No such price: '${id}'`, param);
    throw ApiError.notFound(`No such price: '${id.slice(0, 100)}'`);
  }
  return row;
}

async function checkUpsell(
  db: Db,
  upsellsTo: string | undefined,
  livemode: boolean,
  self?: string,
): Promise<void> {
  if (!upsellsTo) return;
  if (upsellsTo === self) {
    throw ApiError.badRequest('parameter_invalid', 'a price cannot upsell to itself', 'upsell.upsells_to_id');
  }
  const target = await requirePrice(db, upsellsTo, livemode, 'upsell.upsells_to_id');
  if (!target.active) {
    throw ApiError.badRequest('price_inactive', 'the upsell price is archived', 'upsell.upsells_to_id');
  }
}

export async function createPrice(db: Db, livemode: boolean, input: PriceCreate): Promise<PriceRow> {
  const type = checkPriceShape(input);
  const product = await requireProduct(db, input.product_id, livemode, 'product_id');
  if (!product.active) throw ApiError.badRequest('product_inactive', 'the product is archived', 'product_id');
  const currency = await requireCurrency(db, input.currency_id, livemode, 'currency_id');
  const unitAmount = BigInt(input.unit_amount ?? input.custom_unit_amount?.preset ?? '0');
  checkAmountPrecision(unitAmount, currency, 'unit_amount');
  if (input.tiers) checkTiers(input.tiers, currency, 'tiers');
  if (input.custom_unit_amount) checkCustom(input.custom_unit_amount, currency, 'custom_unit_amount');
  const options = input.currency_options ?? [];
  const seen = new Set([input.currency_id]);
  for (const [index, option] of options.entries()) {
    if (seen.has(option.currency_id)) {
      throw ApiError.badRequest(
        'parameter_invalid',
        'each currency may appear once',
        `currency_options.${index}.currency_id`,
      );
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
      throw ApiError.badRequest(
        'parameter_missing',
        'a tiered price needs tiers for every currency',
        `currency_options.${index}.tiers`,
      );
    }
  }
  const credit = input.metadata?.credit_config;
  if (product.type === 'credit' && !credit) {
    throw ApiError.badRequest(
      'parameter_missing',
      'a credit product price needs metadata.credit_config',
      'metadata.credit_config',
    );
  }
  if (credit) await requireCurrency(db, credit.currency_id, livemode, 'metadata.credit_config.currency_id');
  await checkUpsell(db, input.upsell?.upsells_to_id, livemode);
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
    quantityAvailable: input.quantity_available ?? 0,
    quantityLimitPerCheckout: input.quantity_limit_per_checkout ?? 0,
    nickname: input.nickname ?? null,
    lookupKey: input.lookup_key ?? null,
    metadata: input.metadata ?? {},
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
      quantityAvailable: input.quantity_available,
      quantityLimitPerCheckout: input.quantity_limit_per_checkout,
    }),
  );
  if (!row) throw ApiError.notFound();
  return row;
}
