import type { Price, Product } from '@payshelf/api';
import type { Price as RulePrice, PriceTier as RuleTier } from '@payshelf/money';
import { iso } from '../shared/time.js';
import type { PriceRow, ProductRow } from './repo.js';

export function serializeProduct(row: ProductRow): Product {
  return {
    id: row.id,
    object: 'product',
    livemode: row.livemode,
    active: row.active,
    name: row.name,
    description: row.description,
    images: row.images,
    type: row.type,
    unit_label: row.unitLabel,
    statement_descriptor: row.statementDescriptor,
    features: row.features,
    cross_sell: row.crossSellsToId ? { cross_sells_to_id: row.crossSellsToId } : null,
    metadata: row.metadata as Product['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializePrice(row: PriceRow, product?: ProductRow | null): Price {
  return {
    id: row.id,
    object: 'price',
    livemode: row.livemode,
    active: row.active,
    product_id: row.productId,
    type: row.type,
    currency_id: row.currencyId,
    unit_amount: row.unitAmount.toString(),
    billing_scheme: row.billingScheme,
    tiers_mode: row.tiersMode,
    tiers: row.tiers,
    custom_unit_amount: row.customUnitAmount,
    currency_options: row.currencyOptions,
    recurring: row.recurringInterval
      ? {
          interval: row.recurringInterval,
          interval_count: row.recurringIntervalCount ?? 1,
          usage_type: row.recurringUsageType ?? 'licensed',
          meter_id: row.recurringMeterId,
          ...(row.recurringAggregateUsage ? { aggregate_usage: row.recurringAggregateUsage } : {}),
        }
      : null,
    upsell: row.upsellsToId ? { upsells_to_id: row.upsellsToId } : null,
    switchable: row.switchable,
    quantity_available: row.quantityAvailable,
    quantity_sold: row.quantitySold,
    quantity_limit_per_checkout: row.quantityLimitPerCheckout,
    nickname: row.nickname,
    lookup_key: row.lookupKey,
    tax_rates: row.taxRateIds,
    metadata: row.metadata as Price['metadata'],
    ...(product ? { product: serializeProduct(product) } : {}),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const big = (v: string | null | undefined): bigint | null =>
  v === null || v === undefined ? null : BigInt(v);

function ruleTiers(tiers: PriceRow['tiers']): RuleTier[] | null {
  if (!tiers) return null;
  return tiers.map((t) => ({
    up_to: t.up_to === 'inf' ? null : BigInt(t.up_to),
    unit_amount: BigInt(t.unit_amount),
    flat_amount: BigInt(t.flat_amount),
  }));
}

type StoredCustom = PriceRow['customUnitAmount'];

function ruleCustom(c: StoredCustom | undefined) {
  if (!c) return null;
  return {
    preset: big(c.preset),
    presets: (c.presets ?? []).map((p) => BigInt(p)),
    minimum: big(c.minimum),
    maximum: big(c.maximum),
  };
}

/** The stored price as @payshelf/money's rules read it (amounts as bigint). */
export function toRulePrice(row: PriceRow): RulePrice {
  return {
    id: row.id,
    type: row.type,
    currency_id: row.currencyId,
    unit_amount: row.unitAmount,
    currency_options: row.currencyOptions.map((o) => ({
      currency_id: o.currency_id,
      unit_amount: BigInt(o.unit_amount),
      custom_unit_amount: ruleCustom(o.custom_unit_amount),
      tiers: ruleTiers(o.tiers ?? null),
    })),
    recurring: row.recurringInterval
      ? {
          interval: row.recurringInterval,
          interval_count: row.recurringIntervalCount ?? 1,
          usage_type: row.recurringUsageType ?? 'licensed',
        }
      : null,
    billing_scheme: row.billingScheme,
    tiers_mode: row.tiersMode,
    tiers: ruleTiers(row.tiers),
    custom_unit_amount: ruleCustom(row.customUnitAmount),
    quantity_available: row.quantityAvailable,
    quantity_sold: row.quantitySold,
    quantity_limit_per_checkout: row.quantityLimitPerCheckout,
    upsell: row.upsellsToId ? { upsells_to_id: row.upsellsToId } : null,
  };
}
