import type { Price } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { moneyText, priceAmountText, priceKind } from './priceText';

const TUSD = { decimal: 6, symbol: 'TUSD' };
const base = {
  billing_scheme: 'per_unit',
  custom_unit_amount: null,
  tiers: null,
  unit_amount: '12500000',
} as const;
const price = (over: Partial<Price>): Price => ({ ...base, ...over }) as Price;

describe('price text', () => {
  it('formats smallest units exactly with the symbol', () => {
    expect(moneyText('12500000', TUSD)).toBe('12.5 TUSD');
    expect(moneyText('1', { decimal: 18, symbol: 'ETH' })).toBe('0.000000000000000001 ETH');
    expect(
      moneyText('1606938044258990275541962092341162602522202993782792835301376', {
        decimal: 18,
        symbol: 'X',
      }),
    ).toBe('1,606,938,044,258,990,275,541,962,092,341,162,602,522,202.993782792835301376 X');
    expect(moneyText('5', undefined)).toBe('5');
    expect(moneyText(null, TUSD)).toBe('—');
  });

  it('tells fixed, custom and tiered prices apart', () => {
    expect(priceKind(price({}))).toBe('fixed');
    expect(priceKind(price({ custom_unit_amount: { minimum: '1' } }))).toBe('custom');
    expect(priceKind(price({ billing_scheme: 'tiered' }))).toBe('tiered');
  });

  it('shows the amount, the customer range or the first tier', () => {
    expect(priceAmountText(price({}), TUSD)).toBe('12.5 TUSD');
    expect(
      priceAmountText(price({ custom_unit_amount: { minimum: '1000000', maximum: '5000000' } }), TUSD),
    ).toBe('1 TUSD – 5 TUSD');
    expect(priceAmountText(price({ custom_unit_amount: {} }), TUSD)).toBe('≥ 0');
    expect(
      priceAmountText(
        price({ billing_scheme: 'tiered', tiers: [{ up_to: 5, unit_amount: '2000000', flat_amount: '0' }] }),
        TUSD,
      ),
    ).toBe('2 TUSD');
  });
});
