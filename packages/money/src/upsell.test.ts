import { describe, expect, it } from 'vitest';

import type { Price } from './price.js';
import { priceUpsellSaving } from './upsell.js';

function plan(
  id: string,
  unit_amount: bigint,
  interval: 'month' | 'year',
  overrides: Partial<Price> = {},
): Price {
  return {
    id,
    type: 'recurring',
    currency_id: 'usd',
    unit_amount,
    recurring: { interval, interval_count: 1, usage_type: 'licensed' },
    ...overrides,
  };
}

describe('priceUpsellSaving', () => {
  const monthly = plan('price_m', 1000n, 'month', {
    currency_options: [{ currency_id: 'eth', unit_amount: 10n * 10n ** 18n }],
  });
  const yearly = plan('price_y', 10000n, 'year', {
    currency_options: [{ currency_id: 'eth', unit_amount: 100n * 10n ** 18n }],
  });

  it('compares the two prices in the chosen currency', () => {
    expect(priceUpsellSaving(monthly, yearly, 'usd')).toBe(17);
    expect(priceUpsellSaving(monthly, yearly, 'eth')).toBe(17);
  });

  it('is 0 when a price is one-time or has no recurring terms', () => {
    const oneTime: Price = { id: 'price_o', type: 'one_time', currency_id: 'usd', unit_amount: 1n };
    expect(priceUpsellSaving(oneTime, yearly, 'usd')).toBe(0);
    expect(priceUpsellSaving(monthly, oneTime, 'usd')).toBe(0);
    expect(priceUpsellSaving(plan('p', 1n, 'month', { recurring: null }), yearly, 'usd')).toBe(0);
  });

  it('is 0 when a price has no amount in the currency', () => {
    expect(priceUpsellSaving(monthly, plan('price_y2', 1n, 'year'), 'eth')).toBe(0);
    expect(priceUpsellSaving(monthly, yearly, 'btc')).toBe(0);
  });

  it('is 0 when the upsell costs more', () => {
    expect(priceUpsellSaving(monthly, plan('price_y3', 13000n, 'year'), 'usd')).toBe(0);
  });
});
