import { z } from 'zod';
import { updateOf } from './update.js';
import { amountString } from '../common.js';
import { metadata, objectId, timestamp } from './common.js';

export const productType = z.enum(['service', 'good', 'credit']);
export const priceType = z.enum(['one_time', 'recurring']);
export const recurringInterval = z.enum(['hour', 'day', 'week', 'month', 'year']);
export const usageType = z.enum(['licensed', 'metered']);
export const billingScheme = z.enum(['per_unit', 'tiered']);
export const tiersMode = z.enum(['graduated', 'volume']);

const count = z.number().int().min(0).max(1_000_000_000);

export const productCrossSell = z.object({ cross_sells_to_id: objectId('price') });

export const productFields = {
  name: z.string().trim().min(1).max(250),
  description: z.string().max(5000).nullable(),
  images: z.array(z.url().max(2048)).max(8),
  type: productType,
  unit_label: z.string().max(12).nullable(),
  statement_descriptor: z.string().max(22).nullable(),
  features: z.array(z.object({ name: z.string().min(1).max(80) })).max(15),
  cross_sell: productCrossSell.nullable(),
  metadata,
};

export const product = z.object({
  id: z.string(),
  object: z.literal('product'),
  livemode: z.boolean(),
  active: z.boolean(),
  ...productFields,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Product = z.infer<typeof product>;

export const productCreate = z.strictObject({
  name: productFields.name,
  description: productFields.description.optional(),
  images: productFields.images.optional(),
  type: productType.default('service'),
  unit_label: productFields.unit_label.optional(),
  statement_descriptor: productFields.statement_descriptor.optional(),
  features: productFields.features.optional(),
  cross_sell: productFields.cross_sell.optional(),
  metadata: metadata.optional(),
  active: z.boolean().optional(),
});
export type ProductCreate = z.infer<typeof productCreate>;
export const productUpdate = updateOf(productCreate.omit({ type: true }));
export type ProductUpdate = z.infer<typeof productUpdate>;

/** A tier: up to (inclusive) a quantity, or 'inf' for the open-ended last tier. */
export const priceTier = z.object({
  up_to: z.union([z.literal('inf'), z.number().int().min(1).max(1_000_000_000)]),
  unit_amount: amountString.default('0'),
  flat_amount: amountString.default('0'),
});
export type PriceTier = z.infer<typeof priceTier>;

export const customUnitAmount = z.object({
  preset: amountString.nullable().optional(),
  presets: z.array(amountString).max(8).optional(),
  minimum: amountString.nullable().optional(),
  maximum: amountString.nullable().optional(),
});
export type CustomUnitAmount = z.infer<typeof customUnitAmount>;

export const currencyOption = z.object({
  currency_id: objectId('pc'),
  unit_amount: amountString,
  custom_unit_amount: customUnitAmount.nullable().optional(),
  tiers: z.array(priceTier).max(20).nullable().optional(),
});
export type CurrencyOption = z.infer<typeof currencyOption>;

export const priceRecurring = z.object({
  interval: recurringInterval,
  interval_count: z.number().int().min(1).max(1000).default(1),
  usage_type: usageType.default('licensed'),
  meter_id: z.string().max(100).nullable().optional(),
  /** Metered prices: a period's usage is the sum of its records, or the last one recorded. */
  aggregate_usage: z.enum(['sum', 'last_during_period']).nullable().optional(),
});
export type PriceRecurring = z.infer<typeof priceRecurring>;

export const creditConfig = z.object({
  credit_amount: z
    .string()
    .max(100)
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal string'),
  currency_id: objectId('pc'),
  valid_duration_value: z.number().int().min(0).optional(),
  valid_duration_unit: z.enum(['hours', 'days', 'weeks', 'months', 'years']).optional(),
});

export const priceMetadata = z.intersection(metadata, z.object({ credit_config: creditConfig.optional() }));

export const priceFields = {
  product_id: objectId('prod'),
  type: priceType,
  currency_id: objectId('pc'),
  unit_amount: amountString,
  billing_scheme: billingScheme,
  tiers_mode: tiersMode.nullable(),
  tiers: z.array(priceTier).max(20).nullable(),
  custom_unit_amount: customUnitAmount.nullable(),
  currency_options: z.array(currencyOption).max(20),
  recurring: priceRecurring.nullable(),
  upsell: z.object({ upsells_to_id: objectId('price') }).nullable(),
  /**
   * Customers may switch a subscription to it in the portal (interval and currency permitting); a
   * price object stored before the field existed reads false.
   */
  switchable: z.boolean().default(false),
  quantity_available: count,
  quantity_sold: count,
  quantity_limit_per_checkout: count,
  nickname: z.string().max(250).nullable(),
  lookup_key: z.string().max(200).nullable(),
  metadata: priceMetadata,
  /** Tax rates (txr_) applied to this price wherever it is sold; empty: the checkout's own rates. */
  tax_rates: z.array(z.string()).default([]),
};

export const price = z.object({
  id: z.string(),
  object: z.literal('price'),
  livemode: z.boolean(),
  active: z.boolean(),
  ...priceFields,
  product: z
    .lazy(() => product)
    .optional()
    .describe('expandable'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Price = z.infer<typeof price>;

export const priceCreate = z.strictObject({
  product_id: priceFields.product_id,
  type: priceType.optional(),
  currency_id: priceFields.currency_id,
  unit_amount: amountString.optional(),
  billing_scheme: billingScheme.default('per_unit'),
  tiers_mode: tiersMode.optional(),
  tiers: priceFields.tiers.optional(),
  custom_unit_amount: customUnitAmount.optional(),
  currency_options: priceFields.currency_options.optional(),
  recurring: priceRecurring.optional(),
  upsell: priceFields.upsell.optional(),
  switchable: z.boolean().optional(),
  quantity_available: count.optional(),
  quantity_limit_per_checkout: count.optional(),
  nickname: priceFields.nickname.optional(),
  lookup_key: priceFields.lookup_key.optional(),
  metadata: priceMetadata.optional(),
  active: z.boolean().optional(),
  tax_rates: z.array(objectId('txr')).max(5).optional(),
});
export type PriceCreate = z.infer<typeof priceCreate>;

/** Amounts, currency and interval are fixed once a price exists (create a new price instead). */
export const priceUpdate = z
  .strictObject({
    active: z.boolean(),
    nickname: priceFields.nickname,
    lookup_key: priceFields.lookup_key,
    metadata: priceMetadata,
    upsell: priceFields.upsell,
    switchable: z.boolean(),
    quantity_available: count,
    quantity_limit_per_checkout: count,
    tax_rates: z.array(objectId('txr')).max(5),
  })
  .partial();
export type PriceUpdate = z.infer<typeof priceUpdate>;
