// Quantity rules (SPEC §5): stock and per-checkout limits, and the bounds of the quantity field.
// A stock or limit of 0 (or absent) means "unlimited": it never removes the 999 cap.

import { ExceedInventoryError, ExceedPurchaseLimitError } from './errors.js';
import type { MoneyRuleError } from './errors.js';

/** SPEC §5: the adjustable maximum defaults to 999. */
export const DEFAULT_MAX_QUANTITY = 999;

export interface InventoryLimits {
  quantity_available?: number | null;
  quantity_sold?: number | null;
  quantity_limit_per_checkout?: number | null;
}

export interface QuantityItem {
  price: InventoryLimits;
  /** When set, the customer switched to it and its limits apply. */
  upsell_price?: InventoryLimits | null;
  adjustable_quantity?: { minimum?: number | null; maximum?: number | null } | null;
}

export interface QuantityBounds {
  min: number;
  max: number;
}

/** A count read defensively: non-finite or negative is 0, fractions are cut. */
function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Units still for sale, or null when stock is unlimited (quantity_available 0 or absent). */
export function remainingStock(price: InventoryLimits): number | null {
  const available = count(price.quantity_available);
  if (available === 0) return null;
  return Math.max(available - count(price.quantity_sold), 0);
}

/** The per-checkout limit, or null when there is none (0 or absent). */
export function purchaseLimit(price: InventoryLimits): number | null {
  const limit = count(price.quantity_limit_per_checkout);
  return limit === 0 ? null : limit;
}

/**
 * min = max(adjustable minimum ?? 1, 1); max = min(adjustable maximum ?? 999, per-checkout limit
 * when set, remaining stock when tracked). Stock and limit are hard caps, the minimum is a wish: when
 * they leave less than the minimum, min drops to max (so min <= max always, and a sold-out price gives
 * { min: 0, max: 0 }).
 */
export function quantityBounds(item: QuantityItem): QuantityBounds {
  const price = item.upsell_price ?? item.price;
  const adjustable = item.adjustable_quantity;
  const rawMin = adjustable?.minimum;
  const min = Math.max(typeof rawMin === 'number' && Number.isFinite(rawMin) ? Math.ceil(rawMin) : 1, 1);
  const rawMax = adjustable?.maximum;
  let max =
    typeof rawMax === 'number' && Number.isFinite(rawMax) && rawMax >= 1
      ? count(rawMax)
      : DEFAULT_MAX_QUANTITY;
  const limit = purchaseLimit(price);
  if (limit !== null) max = Math.min(max, limit);
  const remaining = remainingStock(price);
  if (remaining !== null) max = Math.min(max, remaining);
  return { min: Math.min(min, max), max };
}

/**
 * SPEC §5, in this order: with tracked stock, sold + requested > available is 'Exceed inventory';
 * with a per-checkout limit, requested > limit is 'Exceed purchase limit'. Returns the error or null.
 */
export function checkQuantity(price: InventoryLimits, requested: number): MoneyRuleError | null {
  if (!Number.isSafeInteger(requested) || requested < 0) {
    throw new RangeError(`requested quantity must be a non-negative integer, got ${requested}`);
  }
  const available = count(price.quantity_available);
  if (available > 0 && count(price.quantity_sold) + requested > available) {
    return new ExceedInventoryError(requested, remainingStock(price) ?? 0);
  }
  const limit = purchaseLimit(price);
  if (limit !== null && requested > limit) return new ExceedPurchaseLimitError(requested, limit);
  return null;
}

export function assertQuantity(price: InventoryLimits, requested: number): void {
  const error = checkQuantity(price, requested);
  if (error) throw error;
}

/**
 * Reads the quantity field. Input that is not all ASCII digits (after trimming) is ignored and
 * `previous` comes back, so typing "abc", "-1", "1.5" or clearing the field changes nothing. A number
 * is clamped into the bounds.
 */
export function clampQuantity(
  input: string,
  bounds: QuantityBounds,
  previous: number | null = null,
): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return previous;
  // A count, not an amount: a huge digit string becomes a huge number and clamps to max.
  const requested = Number(text);
  return Math.min(Math.max(requested, bounds.min), bounds.max);
}
