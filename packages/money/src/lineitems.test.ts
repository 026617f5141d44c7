import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { CurrencyNotConfiguredError, MultipleCustomUnitAmountError, PriceTiersError } from './errors.js';
import {
  checkCustomUnitAmountItems,
  checkoutTotal,
  customUnitAmountFor,
  isDeferredLine,
  lineTotal,
  tiersFor,
  unitAmountFor,
  unitAmountOrNull,
  usesCustomUnitAmount,
} from './lineitems.js';
import { effectivePrice } from './price.js';
import type { LineItem, Price, PriceTier } from './price.js';

function oneTime(unit_amount: bigint, overrides: Partial<Price> = {}): Price {
  return { id: 'price_one', type: 'one_time', currency_id: 'usd', unit_amount, ...overrides };
}

function recurring(unit_amount: bigint, overrides: Partial<Price> = {}): Price {
  const base: Price = { id: 'price_rec', type: 'recurring', currency_id: 'usd', unit_amount };
  return {
    ...base,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    ...overrides,
  };
}

function item(price: Price, quantity = 1, overrides: Partial<LineItem> = {}): LineItem {
  return { price, quantity, ...overrides };
}

const TIERS: PriceTier[] = [
  { up_to: 5n, unit_amount: 100n, flat_amount: 0n },
  { up_to: null, unit_amount: 50n, flat_amount: 0n },
];
const multiCurrency = oneTime(1000n, {
  currency_options: [
    { currency_id: 'eth', unit_amount: 5n * 10n ** 15n },
    { currency_id: 'usd', unit_amount: 999n },
  ],
});
const payWhatYouWant = oneTime(0n, {
  id: 'price_pwyw',
  custom_unit_amount: { preset: 500n, presets: [100n, 500n] },
});

describe('unitAmountFor', () => {
  it('reads the base currency', () => {
    expect(unitAmountFor(oneTime(1000n), 'usd')).toBe(1000n);
  });

  it('reads a currency option, which wins over the base currency', () => {
    expect(unitAmountFor(multiCurrency, 'eth')).toBe(5n * 10n ** 15n);
    expect(unitAmountFor(multiCurrency, 'usd')).toBe(999n);
  });

  it('throws CURRENCY_NOT_CONFIGURED with the SPEC message', () => {
    expect(() => unitAmountFor(multiCurrency, 'btc')).toThrow(CurrencyNotConfiguredError);
    expect(() => unitAmountFor(multiCurrency, 'btc')).toThrow('Currency not configured for price');
    try {
      unitAmountFor(oneTime(1n, { id: 'price_x' }), 'eur');
    } catch (error) {
      expect(error).toMatchObject({
        code: 'CURRENCY_NOT_CONFIGURED',
        params: { price_id: 'price_x', currency_id: 'eur' },
      });
    }
  });

  it('has a non-throwing variant for the UI', () => {
    expect(unitAmountOrNull(multiCurrency, 'btc')).toBeNull();
    expect(unitAmountOrNull(multiCurrency, 'eth')).toBe(5n * 10n ** 15n);
  });

  it('uses the preset, else the first preset, of a pay-what-you-want price', () => {
    expect(unitAmountFor(payWhatYouWant, 'usd')).toBe(500n);
    expect(unitAmountFor(oneTime(7n, { custom_unit_amount: { presets: [300n, 400n] } }), 'usd')).toBe(300n);
    expect(unitAmountFor(oneTime(7n, { custom_unit_amount: { minimum: 1n } }), 'usd')).toBe(7n);
    const optionCustom = oneTime(7n, {
      currency_options: [{ currency_id: 'eth', unit_amount: 1n, custom_unit_amount: { preset: 42n } }],
    });
    expect(unitAmountFor(optionCustom, 'eth')).toBe(42n);
    expect(unitAmountFor(optionCustom, 'usd')).toBe(7n);
    expect(customUnitAmountFor(optionCustom, 'eth')).toEqual({ preset: 42n });
    expect(customUnitAmountFor(optionCustom, 'usd')).toBeNull();
  });
});

describe('tiersFor', () => {
  it('reads the tiers of the option currency or the base currency', () => {
    const optionTiers: PriceTier[] = [{ up_to: null, unit_amount: 3n, flat_amount: 0n }];
    const price = oneTime(0n, {
      tiers: TIERS,
      currency_options: [
        { currency_id: 'eth', unit_amount: 0n, tiers: optionTiers },
        { currency_id: 'btc', unit_amount: 0n },
      ],
    });
    expect(tiersFor(price, 'usd')).toBe(TIERS);
    expect(tiersFor(price, 'eth')).toBe(optionTiers);
    expect(() => tiersFor(price, 'btc')).toThrow(PriceTiersError);
    expect(() => tiersFor(price, 'sol')).toThrow(CurrencyNotConfiguredError);
    expect(() => tiersFor(oneTime(1n, { tiers: [] }), 'usd')).toThrow(PriceTiersError);
  });
});

describe('lineTotal', () => {
  it('multiplies unit amount by quantity', () => {
    expect(lineTotal(item(oneTime(250n), 3), 'usd')).toBe(750n);
    expect(lineTotal(item(oneTime(250n), 0), 'usd')).toBe(0n);
    expect(lineTotal(item(multiCurrency, 2), 'eth')).toBe(10n ** 16n);
  });

  it('bills the upsell price when set', () => {
    const upsell = recurring(9000n, { id: 'price_year' });
    expect(lineTotal(item(recurring(1000n), 2, { upsell_price: upsell }), 'usd')).toBe(18000n);
    expect(lineTotal(item(recurring(1000n), 2, { upsell_price: null }), 'usd')).toBe(2000n);
  });

  it('makes recurring lines free while trialing, but not one-time lines', () => {
    expect(lineTotal(item(recurring(1000n)), 'usd', { trialing: true })).toBe(0n);
    expect(lineTotal(item(recurring(1000n)), 'usd', { trialing: false })).toBe(1000n);
    expect(lineTotal(item(oneTime(1000n)), 'usd', { trialing: true })).toBe(1000n);
  });

  it('makes metered recurring lines free at checkout', () => {
    const metered = recurring(5n, {
      recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
    });
    expect(lineTotal(item(metered, 10), 'usd')).toBe(0n);
    expect(isDeferredLine(item(metered))).toBe(true);
    expect(isDeferredLine(item(recurring(1n)))).toBe(false);
    expect(isDeferredLine(item(recurring(1n)), { trialing: true })).toBe(true);
    expect(isDeferredLine(item(oneTime(1n)), { trialing: true })).toBe(false);
  });

  it('uses custom_amount as the whole line total', () => {
    expect(lineTotal(item(payWhatYouWant, 3, { custom_amount: 1234n }), 'usd')).toBe(1234n);
    expect(lineTotal(item(payWhatYouWant, 3), 'usd')).toBe(1500n);
    expect(lineTotal(item(recurring(0n), 1, { custom_amount: 5n }), 'usd', { trialing: true })).toBe(0n);
    expect(() => lineTotal(item(payWhatYouWant, 1, { custom_amount: -1n }), 'usd')).toThrow(RangeError);
  });

  it('prices tiered lines by their tiers', () => {
    const graduated = oneTime(0n, { billing_scheme: 'tiered', tiers_mode: 'graduated', tiers: TIERS });
    const volume = oneTime(0n, { billing_scheme: 'tiered', tiers_mode: 'volume', tiers: TIERS });
    expect(lineTotal(item(graduated, 7), 'usd')).toBe(600n);
    expect(lineTotal(item(volume, 7), 'usd')).toBe(350n);
    const unmoded = oneTime(0n, { billing_scheme: 'tiered', tiers: TIERS });
    expect(() => lineTotal(item(unmoded, 1), 'usd')).toThrow(PriceTiersError);
    expect(() => lineTotal(item(volume, 1), 'eth')).toThrow(CurrencyNotConfiguredError);
  });

  it('rejects invalid quantities and unconfigured currencies', () => {
    for (const quantity of [-1, 1.5, Number.NaN]) {
      expect(() => lineTotal(item(oneTime(1n), quantity), 'usd')).toThrow(RangeError);
    }
    expect(() => lineTotal(item(oneTime(1n)), 'eur')).toThrow(CurrencyNotConfiguredError);
  });
});

describe('custom unit amount rule', () => {
  it('counts an item as custom by its billed price, in any currency, or by custom_amount', () => {
    expect(usesCustomUnitAmount(item(payWhatYouWant))).toBe(true);
    expect(usesCustomUnitAmount(item(oneTime(1n)))).toBe(false);
    expect(usesCustomUnitAmount(item(oneTime(1n), 1, { upsell_price: payWhatYouWant }))).toBe(true);
    expect(usesCustomUnitAmount(item(payWhatYouWant, 1, { upsell_price: oneTime(1n) }))).toBe(false);
    const optionOnly = oneTime(1n, {
      currency_options: [{ currency_id: 'eth', unit_amount: 1n, custom_unit_amount: { presets: [1n] } }],
    });
    expect(usesCustomUnitAmount(item(optionOnly))).toBe(true);
    expect(usesCustomUnitAmount(item(oneTime(1n), 1, { custom_amount: 5n }))).toBe(true);
    expect(usesCustomUnitAmount(item(oneTime(1n), 1, { custom_amount: null }))).toBe(false);
  });

  it('allows one custom item next to fixed ones', () => {
    const items = [item(payWhatYouWant, 1, { custom_amount: 700n }), item(oneTime(300n), 2)];
    expect(checkCustomUnitAmountItems(items)).toBeNull();
    expect(checkoutTotal(items, 'usd')).toBe(1300n);
  });

  it('rejects two custom items with the SPEC message', () => {
    const items = [item(payWhatYouWant), item(oneTime(1n), 1, { custom_amount: 1n })];
    const error = checkCustomUnitAmountItems(items);
    expect(error).toBeInstanceOf(MultipleCustomUnitAmountError);
    expect(error?.message).toBe('Multiple items with custom unit amount are not supported');
    expect(error?.params).toEqual({ count: '2' });
    expect(() => checkoutTotal(items, 'usd')).toThrow(MultipleCustomUnitAmountError);
    expect(() => checkoutTotal(items, 'nowhere')).toThrow(MultipleCustomUnitAmountError);
  });
});

describe('checkoutTotal', () => {
  it('sums line totals and is 0 for no items', () => {
    expect(checkoutTotal([], 'usd')).toBe(0n);
    const items = [item(oneTime(100n), 2), item(recurring(1000n)), item(multiCurrency, 1)];
    expect(checkoutTotal(items, 'usd')).toBe(200n + 1000n + 999n);
    expect(checkoutTotal(items, 'usd', { trialing: true })).toBe(200n + 999n);
  });

  it('throws when a line has no amount in the currency', () => {
    expect(() => checkoutTotal([item(multiCurrency), item(oneTime(1n))], 'eth')).toThrow(
      'Currency not configured',
    );
  });

  const line = fc.record({
    unit: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    quantity: fc.integer({ min: 0, max: 999 }),
    isRecurring: fc.boolean(),
    metered: fc.boolean(),
  });

  it('property: the total is the sum of unit x quantity over the lines billed today', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, trialing) => {
        const items = lines.map(({ unit, quantity, isRecurring, metered }) =>
          item(
            isRecurring
              ? recurring(unit, {
                  recurring: {
                    interval: 'week',
                    interval_count: 1,
                    usage_type: metered ? 'metered' : 'licensed',
                  },
                })
              : oneTime(unit),
            quantity,
          ),
        );
        const expected = lines.reduce((sum, { unit, quantity, isRecurring, metered }) => {
          const deferred = isRecurring && (trialing || metered);
          return deferred ? sum : sum + unit * BigInt(quantity);
        }, 0n);
        const total = checkoutTotal(items, 'usd', { trialing });
        expect(total).toBe(expected);
        expect(total).toBe(items.reduce((sum, i) => sum + lineTotal(i, 'usd', { trialing }), 0n));
        expect(total >= 0n).toBe(true);
      }),
    );
  });
});

describe('effectivePrice', () => {
  it('prefers the upsell price', () => {
    const upsell = recurring(1n);
    expect(effectivePrice({ price: oneTime(1n), upsell_price: upsell })).toBe(upsell);
    const base = oneTime(1n);
    expect(effectivePrice({ price: base })).toBe(base);
  });
});
