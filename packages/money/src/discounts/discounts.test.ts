import { describe, expect, it } from 'vitest';
import { amountOffFor, lineDiscounts, spreadProportionally } from './coupon.js';
import { discountApplies, discountEnd } from './duration.js';
import { divRoundHalfUp, parsePercent, percentOf, percentToString } from './percent.js';
import { checkPromotion, type PromotionTerms } from './promotion.js';
import { lineTaxes } from './tax.js';
import { adjustLines } from './totals.js';

const percentCoupon = (p: string, products: string[] | null = null) => ({
  percent_off: p,
  amount_off: null,
  currency_id: null,
  applies_to_products: products,
});
const amountCoupon = (amount: bigint, currency = 'usd') => ({
  percent_off: null,
  amount_off: amount,
  currency_id: currency,
  currency_options: [{ currency_id: 'eur', amount_off: 7n }],
});

describe('percentages', () => {
  it('parses exact decimals and refuses anything else', () => {
    expect(parsePercent('12.5')).toEqual({ numerator: 125n, scale: 10n });
    expect(parsePercent('100')).toEqual({ numerator: 100n, scale: 1n });
    for (const bad of ['100.01', '-1', '1e2', '', '.5', '12.', '12.1234567', ' 5']) {
      expect(parsePercent(bad)).toBeNull();
    }
    expect(percentToString({ numerator: 12500n, scale: 1000n })).toBe('12.5');
  });
  it('rounds half up', () => {
    expect(divRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divRoundHalfUp(15n, 10n)).toBe(2n);
    expect(percentOf(1001n, { numerator: 125n, scale: 10n })).toBe(125n); // 125.125
    expect(percentOf(1004n, { numerator: 125n, scale: 10n })).toBe(126n); // 125.5
  });
});

describe('coupons', () => {
  it('percent_off discounts each applicable line, rounded half up', () => {
    const lines = [
      { productId: 'a', amount: 999n },
      { productId: 'b', amount: 1000n },
    ];
    expect(lineDiscounts(lines, percentCoupon('12.5'), 'usd')).toEqual([125n, 125n]);
    expect(lineDiscounts(lines, percentCoupon('50', ['b']), 'usd')).toEqual([0n, 500n]);
  });
  it('amount_off uses the currency option and never exceeds what the lines cost', () => {
    const coupon = amountCoupon(500n);
    expect(amountOffFor(coupon, 'eur')).toBe(7n);
    expect(amountOffFor(coupon, 'gbp')).toBeNull();
    expect(lineDiscounts([{ productId: 'a', amount: 300n }], coupon, 'usd')).toEqual([300n]);
    expect(
      lineDiscounts(
        [
          { productId: 'a', amount: 1n },
          { productId: 'b', amount: 2n },
        ],
        coupon,
        'eur',
      ),
    ).toEqual([1n, 2n]);
    expect(lineDiscounts([{ productId: 'a', amount: 10n }], coupon, 'gbp')).toEqual([0n]);
  });
  it('spreads exactly, largest remainders first', () => {
    expect(spreadProportionally(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(spreadProportionally(5n, [0n, 0n])).toEqual([0n, 0n]);
  });
});

describe('tax rates', () => {
  it('exclusive adds p% of the net, inclusive takes its part out of the amount', () => {
    expect(lineTaxes(1000n, [{ id: 't', percentage: '8.875', inclusive: false }])[0]?.amount).toBe(89n);
    // 1190 includes 19%: 1190 * 19 / 119 = 190
    expect(lineTaxes(1190n, [{ id: 'v', percentage: '19', inclusive: true }])[0]?.amount).toBe(190n);
    // 1000 includes 20%: 166.67 -> 167
    expect(lineTaxes(1000n, [{ id: 'v', percentage: '20', inclusive: true }])[0]?.amount).toBe(167n);
  });
  it('discount first, then tax on the discounted amount', () => {
    const totals = adjustLines(
      [{ productId: 'a', amount: 2000n, taxRates: [{ id: 't', percentage: '10', inclusive: false }] }],
      percentCoupon('25'),
      'usd',
    );
    expect(totals).toMatchObject({
      subtotal: 2000n,
      discount: 500n,
      tax: 150n,
      exclusiveTax: 150n,
      total: 1650n,
    });
    const inclusive = adjustLines(
      [{ productId: 'a', amount: 1200n, taxRates: [{ id: 'v', percentage: '20', inclusive: true }] }],
      amountCoupon(200n),
      'usd',
    );
    expect(inclusive).toMatchObject({ discount: 200n, tax: 167n, exclusiveTax: 0n, total: 1000n });
  });
});

describe('durations', () => {
  const start = new Date('2026-01-31T10:00:00Z');
  it('once discounts the first invoice only', () => {
    expect(discountApplies({ duration: 'once' }, start, start, 0)).toBe(true);
    expect(discountApplies({ duration: 'once' }, start, new Date('2026-02-28T10:00:00Z'), 1)).toBe(false);
  });
  it('repeating ends after its months; forever never ends', () => {
    const terms = { duration: 'repeating' as const, duration_in_months: 3 };
    expect(discountEnd(terms, start)?.toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(discountApplies(terms, start, new Date('2026-03-31T10:00:00Z'), 2)).toBe(true);
    expect(discountApplies(terms, start, new Date('2026-04-30T10:00:00Z'), 3)).toBe(false);
    expect(discountApplies({ duration: 'forever' }, start, new Date('2036-01-01Z'), 120)).toBe(true);
  });
});

describe('promotion restrictions', () => {
  const code: PromotionTerms = {
    active: true,
    expires_at: new Date('2026-06-01Z'),
    max_redemptions: 2,
    times_redeemed: 0,
    first_time_transaction: true,
    minimum_amount: 1000n,
    minimum_amount_currency_id: 'usd',
    per_customer_limit: 1,
  };
  const coupon = {
    ...percentCoupon('10'),
    valid: true,
    redeem_by: null,
    max_redemptions: null,
    times_redeemed: 0,
  };
  const use = {
    now: new Date('2026-05-01Z'),
    currencyId: 'usd',
    subtotal: 1000n,
    customer: { hasPaidBefore: false, redemptionsOfCode: 0 },
  };
  it('answers the first rule that fails', () => {
    expect(checkPromotion(code, coupon, use)).toBeNull();
    expect(checkPromotion({ ...code, active: false }, coupon, use)).toBe('inactive');
    expect(checkPromotion(code, coupon, { ...use, now: new Date('2026-06-01Z') })).toBe('expired');
    expect(checkPromotion({ ...code, times_redeemed: 2 }, coupon, use)).toBe('max_redemptions');
    expect(checkPromotion(code, { ...coupon, valid: false }, use)).toBe('coupon_invalid');
    expect(checkPromotion(code, coupon, { ...use, subtotal: 999n })).toBe('minimum_amount');
    expect(checkPromotion(code, coupon, { ...use, currencyId: 'eur' })).toBe('currency');
    expect(
      checkPromotion(code, coupon, { ...use, customer: { hasPaidBefore: true, redemptionsOfCode: 0 } }),
    ).toBe('first_time_transaction');
    expect(
      checkPromotion(code, coupon, { ...use, customer: { hasPaidBefore: false, redemptionsOfCode: 1 } }),
    ).toBe('customer_limit');
    expect(checkPromotion(code, coupon, { ...use, customer: null })).toBeNull();
  });
});
