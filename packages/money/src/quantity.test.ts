import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ExceedInventoryError, ExceedPurchaseLimitError } from './errors.js';
import {
  DEFAULT_MAX_QUANTITY,
  assertQuantity,
  checkQuantity,
  clampQuantity,
  purchaseLimit,
  quantityBounds,
  remainingStock,
} from './quantity.js';
import type { InventoryLimits, QuantityItem } from './quantity.js';

function bounds(price: InventoryLimits, adjustable?: QuantityItem['adjustable_quantity']) {
  return quantityBounds({ price, adjustable_quantity: adjustable ?? null });
}

describe('quantityBounds', () => {
  it('defaults to 1..999', () => {
    expect(DEFAULT_MAX_QUANTITY).toBe(999);
    expect(bounds({})).toEqual({ min: 1, max: 999 });
    expect(quantityBounds({ price: {} })).toEqual({ min: 1, max: 999 });
  });

  it('keeps the 999 cap when limit or stock is 0 (unlimited), unlike the reference', () => {
    expect(bounds({ quantity_limit_per_checkout: 0 })).toEqual({ min: 1, max: 999 });
    expect(bounds({ quantity_available: 0, quantity_sold: 50 })).toEqual({ min: 1, max: 999 });
    expect(bounds({ quantity_available: 0, quantity_limit_per_checkout: 0 })).toEqual({ min: 1, max: 999 });
    expect(bounds({ quantity_available: null, quantity_limit_per_checkout: null })).toEqual({
      min: 1,
      max: 999,
    });
  });

  it('applies the adjustable minimum (at least 1) and maximum', () => {
    expect(bounds({}, { minimum: 3 })).toEqual({ min: 3, max: 999 });
    expect(bounds({}, { minimum: 0 })).toEqual({ min: 1, max: 999 });
    expect(bounds({}, { minimum: -5 })).toEqual({ min: 1, max: 999 });
    expect(bounds({}, { minimum: 2.5 })).toEqual({ min: 3, max: 999 });
    expect(bounds({}, { maximum: 10 })).toEqual({ min: 1, max: 10 });
    expect(bounds({}, { maximum: 10.7 })).toEqual({ min: 1, max: 10 });
    expect(bounds({}, { maximum: 0 })).toEqual({ min: 1, max: 999 });
    expect(bounds({}, { maximum: 5000 })).toEqual({ min: 1, max: 5000 });
    expect(bounds({}, { maximum: Infinity, minimum: Number.NaN })).toEqual({ min: 1, max: 999 });
  });

  it('caps by the per-checkout limit and the remaining stock', () => {
    expect(bounds({ quantity_limit_per_checkout: 5 })).toEqual({ min: 1, max: 5 });
    expect(bounds({ quantity_available: 100, quantity_sold: 95 })).toEqual({ min: 1, max: 5 });
    expect(bounds({ quantity_available: 100, quantity_sold: 95, quantity_limit_per_checkout: 3 })).toEqual({
      min: 1,
      max: 3,
    });
    expect(bounds({ quantity_available: 2000 })).toEqual({ min: 1, max: 999 });
    expect(bounds({ quantity_limit_per_checkout: 4 }, { maximum: 10 })).toEqual({ min: 1, max: 4 });
  });

  it('lowers the minimum to what stock and limit allow', () => {
    expect(bounds({ quantity_limit_per_checkout: 5 }, { minimum: 10 })).toEqual({ min: 5, max: 5 });
    expect(bounds({ quantity_available: 10, quantity_sold: 10 })).toEqual({ min: 0, max: 0 });
    expect(bounds({ quantity_available: 10, quantity_sold: 12 })).toEqual({ min: 0, max: 0 });
  });

  it('uses the upsell price limits when the customer switched', () => {
    const item: QuantityItem = {
      price: { quantity_limit_per_checkout: 50 },
      upsell_price: { quantity_limit_per_checkout: 2 },
    };
    expect(quantityBounds(item)).toEqual({ min: 1, max: 2 });
    expect(quantityBounds({ ...item, upsell_price: null })).toEqual({ min: 1, max: 50 });
  });
});

describe('remainingStock / purchaseLimit', () => {
  it('read 0, absent and garbage as unlimited', () => {
    expect(remainingStock({})).toBeNull();
    expect(remainingStock({ quantity_available: 0 })).toBeNull();
    expect(remainingStock({ quantity_available: -3 })).toBeNull();
    expect(remainingStock({ quantity_available: Number.NaN })).toBeNull();
    expect(remainingStock({ quantity_available: 10, quantity_sold: 4 })).toBe(6);
    expect(remainingStock({ quantity_available: 10, quantity_sold: 40 })).toBe(0);
    expect(purchaseLimit({})).toBeNull();
    expect(purchaseLimit({ quantity_limit_per_checkout: 0 })).toBeNull();
    expect(purchaseLimit({ quantity_limit_per_checkout: 7 })).toBe(7);
  });
});

describe('checkQuantity', () => {
  it('passes unlimited prices', () => {
    expect(checkQuantity({}, 1_000_000)).toBeNull();
    expect(checkQuantity({ quantity_available: 0, quantity_limit_per_checkout: 0 }, 5)).toBeNull();
  });

  it("reports 'Exceed inventory' when sold + requested > available", () => {
    const price = { quantity_available: 10, quantity_sold: 8 };
    expect(checkQuantity(price, 2)).toBeNull();
    const error = checkQuantity(price, 3);
    expect(error).toBeInstanceOf(ExceedInventoryError);
    expect(error?.message).toBe('Exceed inventory');
    expect(error?.params).toEqual({ requested: '3', remaining: '2' });
    expect(checkQuantity({ quantity_available: 10, quantity_sold: 11 }, 0)?.code).toBe('EXCEED_INVENTORY');
  });

  it("reports 'Exceed purchase limit' when requested > limit", () => {
    expect(checkQuantity({ quantity_limit_per_checkout: 5 }, 5)).toBeNull();
    const error = checkQuantity({ quantity_limit_per_checkout: 5 }, 6);
    expect(error).toBeInstanceOf(ExceedPurchaseLimitError);
    expect(error?.message).toBe('Exceed purchase limit');
  });

  it('checks inventory first', () => {
    expect(checkQuantity({ quantity_available: 3, quantity_limit_per_checkout: 2 }, 4)?.code).toBe(
      'EXCEED_INVENTORY',
    );
  });

  it('throws from assertQuantity and on invalid counts', () => {
    expect(() => assertQuantity({ quantity_limit_per_checkout: 1 }, 2)).toThrow('Exceed purchase limit');
    expect(() => assertQuantity({}, 2)).not.toThrow();
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => checkQuantity({}, bad)).toThrow(RangeError);
  });
});

describe('clampQuantity', () => {
  const range = { min: 2, max: 10 };

  it('clamps numbers into the bounds', () => {
    expect(clampQuantity('5', range)).toBe(5);
    expect(clampQuantity(' 7 ', range)).toBe(7);
    expect(clampQuantity('0', range)).toBe(2);
    expect(clampQuantity('007', range)).toBe(7);
    expect(clampQuantity('5000', range)).toBe(10);
    expect(clampQuantity('9'.repeat(40), range)).toBe(10);
  });

  it.each(['', ' ', 'abc', '-1', '1.5', '1e3', '+3', '٣', '3a'])('ignores %j', (input) => {
    expect(clampQuantity(input, range, 4)).toBe(4);
    expect(clampQuantity(input, range)).toBeNull();
  });
});

describe('quantity properties', () => {
  const count = fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 2000 }));
  const itemArb = fc.record({
    price: fc.record({ quantity_available: count, quantity_sold: count, quantity_limit_per_checkout: count }),
    adjustable_quantity: fc.option(fc.record({ minimum: count, maximum: count })),
  });
  const input = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -10, max: 5000 }).map(String));

  it('results always lie within bounds, and bounds never exceed stock or limit', () => {
    fc.assert(
      fc.property(itemArb, input, fc.option(fc.integer({ min: 0, max: 50 })), (item, text, previous) => {
        const { min, max } = quantityBounds(item);
        expect(min).toBeLessThanOrEqual(max);
        expect(min).toBeGreaterThanOrEqual(0);
        expect(max).toBeLessThanOrEqual(
          Math.max(item.adjustable_quantity?.maximum ?? 0, DEFAULT_MAX_QUANTITY),
        );
        const limit = item.price.quantity_limit_per_checkout ?? 0;
        if (limit > 0) expect(max).toBeLessThanOrEqual(limit);
        const available = item.price.quantity_available ?? 0;
        if (available > 0)
          expect(max).toBeLessThanOrEqual(
            Math.max(available - Math.max(item.price.quantity_sold ?? 0, 0), 0),
          );

        const result = clampQuantity(text, { min, max }, previous);
        if (/^\s*\d+\s*$/.test(text)) {
          expect(result).not.toBeNull();
          expect(result).toBeGreaterThanOrEqual(min);
          expect(result).toBeLessThanOrEqual(max);
        } else {
          expect(result).toBe(previous);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('every positive quantity within the bounds passes checkQuantity', () => {
    fc.assert(
      fc.property(itemArb, fc.integer({ min: 1, max: 2000 }), (item, wanted) => {
        const { min, max } = quantityBounds(item);
        const quantity = Math.min(Math.max(wanted, min), max);
        if (quantity >= 1) expect(checkQuantity(item.price, quantity)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});
