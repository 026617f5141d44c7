// The checkout's view of prices and line items (SPEC §3), amounts already read into bigint.
// Counts (quantities, stock, limits, interval_count) are plain numbers.

import type { RecurringInterval } from './interval.js';

export type PriceType = 'one_time' | 'recurring';
export type UsageType = 'licensed' | 'metered';
export type BillingScheme = 'per_unit' | 'tiered';
export type TiersMode = 'graduated' | 'volume';

export interface PriceTier {
  /** Inclusive upper quantity of the tier; null is 'inf' (the open-ended last tier). */
  up_to: bigint | null;
  /** Per unit in this tier. */
  unit_amount: bigint;
  /** Once per tier that the quantity reaches. */
  flat_amount: bigint;
}

/** Pay-what-you-want settings, in smallest units. */
export interface CustomUnitAmount {
  preset?: bigint | null;
  presets?: readonly bigint[] | null;
  minimum?: bigint | null;
  maximum?: bigint | null;
}

export interface CurrencyOption {
  currency_id: string;
  unit_amount: bigint;
  custom_unit_amount?: CustomUnitAmount | null;
  tiers?: readonly PriceTier[] | null;
}

export interface PriceRecurring {
  interval: RecurringInterval;
  interval_count: number;
  usage_type: UsageType;
}

export interface Price {
  id: string;
  type: PriceType;
  currency_id: string;
  unit_amount: bigint;
  currency_options?: readonly CurrencyOption[] | null;
  recurring?: PriceRecurring | null;
  billing_scheme?: BillingScheme | null;
  tiers_mode?: TiersMode | null;
  tiers?: readonly PriceTier[] | null;
  custom_unit_amount?: CustomUnitAmount | null;
  /** 0 or absent: unlimited stock. */
  quantity_available?: number | null;
  quantity_sold?: number | null;
  /** 0 or absent: no per-checkout limit. */
  quantity_limit_per_checkout?: number | null;
  upsell?: { upsells_to_id?: string | null; upsells_to?: Price | null } | null;
}

export interface AdjustableQuantity {
  enabled?: boolean | null;
  minimum?: number | null;
  maximum?: number | null;
}

export interface LineItem {
  price: Price;
  quantity: number;
  /** When set, the customer switched to this price and it replaces `price`. */
  upsell_price?: Price | null;
  /** Pay-what-you-want total for the line, replacing unit amount x quantity. */
  custom_amount?: bigint | null;
  adjustable_quantity?: AdjustableQuantity | null;
}

/** The price the line is billed at: the upsell price when the customer switched to it. */
export function effectivePrice(item: Pick<LineItem, 'price' | 'upsell_price'>): Price {
  return item.upsell_price ?? item.price;
}
