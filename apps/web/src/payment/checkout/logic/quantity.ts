// SPEC.md section 5, quantity: the stepper's bounds and the error chip of a line.
import { checkQuantity, clampQuantity, quantityBounds, type QuantityBounds } from '@payshelf/money';
import type { CheckoutSessionData } from './api';

type ApiLine = CheckoutSessionData['line_items'][number];

export type QuantityChip = 'exceedInventory' | 'exceedPurchaseLimit' | null;

function limitsOf(line: ApiLine) {
  const price = line.upsell_price ?? line.price;
  return {
    quantity_available: price?.quantity_available ?? 0,
    quantity_sold: price?.quantity_sold ?? 0,
    quantity_limit_per_checkout: price?.quantity_limit_per_checkout ?? 0,
  };
}

export function lineBounds(line: ApiLine): QuantityBounds {
  return quantityBounds({ price: limitsOf(line), adjustable_quantity: line.adjustable_quantity });
}

/** Whether the customer may change the quantity of the line. */
export function isAdjustable(line: ApiLine): boolean {
  return Boolean(line.adjustable_quantity?.enabled) && !line.custom_amount;
}

/** The chip a line shows when its quantity breaks the price's stock or per-checkout limit. */
export function quantityChip(line: ApiLine, quantity: number = line.quantity): QuantityChip {
  const error = checkQuantity(limitsOf(line), quantity);
  if (!error) return null;
  return error.code === 'EXCEED_INVENTORY' ? 'exceedInventory' : 'exceedPurchaseLimit';
}

/** The next quantity from typed text (non-numeric input is ignored) or a step of +1 / -1. */
export function nextQuantity(line: ApiLine, input: string | number): number {
  const bounds = lineBounds(line);
  const text = typeof input === 'number' ? String(line.quantity + input) : input;
  return clampQuantity(text, bounds, line.quantity) ?? line.quantity;
}

/** What the quantity field may hold while typing: digits only; any other input is ignored (null). */
export function quantityInput(text: string): string | null {
  return /^\d*$/.test(text) ? text : null;
}
