import { describe, expect, it } from 'vitest';
import { isAdjustable, lineBounds, nextQuantity, quantityChip } from './quantity';
import { fakeLine, fakePrice } from './testFixtures';

const line = (over: Record<string, unknown> = {}, price = fakePrice()) => ({
  ...fakeLine(),
  price,
  adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
  ...over,
});

describe('checkout quantity', () => {
  it('bounds by adjustable min/max, per-checkout limit and stock (999 by default)', () => {
    expect(lineBounds(line())).toEqual({ min: 1, max: 10 });
    expect(lineBounds(line({ adjustable_quantity: { enabled: true } }))).toEqual({ min: 1, max: 999 });
    const limited = fakePrice({ quantity_limit_per_checkout: 3, quantity_available: 100, quantity_sold: 98 });
    expect(lineBounds(line({}, limited))).toEqual({ min: 1, max: 2 });
  });

  it('clamps steps and typed input, and ignores non-numeric input', () => {
    const l = line({ quantity: 2 });
    expect(nextQuantity(l, 1)).toBe(3);
    expect(nextQuantity(line({ quantity: 1 }), -1)).toBe(1);
    expect(nextQuantity(line({ quantity: 10 }), 1)).toBe(10);
    expect(nextQuantity(l, '50')).toBe(10);
    expect(nextQuantity(l, 'abc')).toBe(2);
    expect(nextQuantity(l, '1.5')).toBe(2);
  });

  it('shows Exceed inventory before Exceed purchase limit', () => {
    const price = fakePrice({ quantity_available: 5, quantity_sold: 4, quantity_limit_per_checkout: 3 });
    expect(quantityChip(line({ quantity: 2 }, price))).toBe('exceedInventory');
    const limit = fakePrice({ quantity_limit_per_checkout: 3 });
    expect(quantityChip(line({ quantity: 4 }, limit))).toBe('exceedPurchaseLimit');
    expect(quantityChip(line({ quantity: 3 }, limit))).toBeNull();
  });

  it('is adjustable only when enabled and without a custom amount', () => {
    expect(isAdjustable(line())).toBe(true);
    expect(isAdjustable(line({ adjustable_quantity: null }))).toBe(false);
    expect(isAdjustable(line({ custom_amount: '5' }))).toBe(false);
  });
});
