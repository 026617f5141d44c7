import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrice, createProduct, seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

// The merchant API of coupons, promotion codes and tax rates, and the totals of a checkout with tax
// rates (exclusive on top, inclusive inside, each half up per line).
let env: PaymentTestEnv;
let currencyId: string;
let product: string;

beforeAll(async () => {
  env = await startPaymentEnv();
  currencyId = (await seedCurrency(env.test)).currencyId;
  product = await createProduct(env.test, { name: 'Course' });
});
afterAll(async () => {
  await env?.stop();
});

const ok = (res: { status: number; body: Record<string, unknown> }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('coupons', () => {
  it('creates percent and amount coupons, refuses mixed or incomplete terms, archives', async () => {
    const percent = ok(
      await env.test('POST', '/coupons', {
        body: { percent_off: '12.50', duration: 'forever', name: 'Launch' },
      }),
    );
    expect(percent).toMatchObject({ object: 'coupon', percent_off: '12.5', amount_off: null, valid: true });
    const amount = ok(
      await env.test('POST', '/coupons', {
        body: {
          amount_off: '500000',
          currency_id: currencyId,
          duration: 'repeating',
          duration_in_months: 3,
          max_redemptions: 5,
          applies_to: { products: [product] },
        },
      }),
    );
    expect(amount).toMatchObject({
      amount_off: '500000',
      duration_in_months: 3,
      applies_to: { products: [product] },
    });
    for (const body of [
      { percent_off: '10', amount_off: '1', currency_id: currencyId },
      { amount_off: '1' },
      { percent_off: '10', duration: 'repeating' },
      { percent_off: '100.5' },
      { percent_off: '0' },
      { percent_off: 10 },
    ]) {
      const res = await env.test('POST', '/coupons', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknownProduct = await env.test('POST', '/coupons', {
      body: { percent_off: '5', applies_to: { products: ['prod_missing000000'] } },
    });
    expect(unknownProduct.status).toBe(400);
    ok(await env.test('PUT', `/coupons/${String(percent.id)}`, { body: { name: 'Renamed' } }));
    expect(
      (await env.test('PUT', `/coupons/${String(percent.id)}`, { body: { percent_off: '50' } })).status,
    ).toBe(400);
    const archived = ok(await env.test('PUT', `/coupons/${String(percent.id)}/archive`));
    expect(archived).toMatchObject({ valid: false, name: 'Renamed' });
    const list = ok(await env.test('GET', '/coupons', { query: { valid: 'false' } }));
    expect((list.data as Array<{ id: string }>).map((c) => c.id)).toEqual([percent.id]);
    expect((await env.live('GET', `/coupons/${String(amount.id)}`)).status).toBe(404);
  });
});

describe('promotion codes', () => {
  it('keeps codes unique without case in a mode, with their restrictions', async () => {
    const coupon = ok(await env.test('POST', '/coupons', { body: { percent_off: '10' } }));
    const created = ok(
      await env.test('POST', '/promotion-codes', {
        body: {
          coupon_id: coupon.id,
          code: 'SPRING10',
          max_redemptions: 3,
          restrictions: {
            first_time_transaction: true,
            minimum_amount: '1000000',
            minimum_amount_currency_id: currencyId,
            per_customer_limit: 1,
          },
        },
      }),
    );
    expect(created).toMatchObject({
      code: 'SPRING10',
      active: true,
      coupon: { id: coupon.id },
      restrictions: { first_time_transaction: true, minimum_amount: '1000000', per_customer_limit: 1 },
    });
    const again = await env.test('POST', '/promotion-codes', {
      body: { coupon_id: coupon.id, code: 'spring10' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('promotion_code_exists');
    // Another mode has its own codes.
    const liveCoupon = ok(await env.live('POST', '/coupons', { body: { percent_off: '10' } }));
    ok(await env.live('POST', '/promotion-codes', { body: { coupon_id: liveCoupon.id, code: 'spring10' } }));
    const half = await env.test('POST', '/promotion-codes', {
      body: { coupon_id: coupon.id, code: 'X1', restrictions: { minimum_amount: '1' } },
    });
    expect(half.status).toBe(400);
    const found = ok(await env.test('GET', '/promotion-codes', { query: { code: 'spring10' } }));
    expect((found.data as Array<{ id: string }>).map((c) => c.id)).toEqual([created.id]);
    expect(ok(await env.test('PUT', `/promotion-codes/${String(created.id)}/archive`))).toMatchObject({
      active: false,
    });
  });
});

describe('tax rates', () => {
  it('creates, lists, updates and archives; percentage is fixed', async () => {
    const rate = ok(
      await env.test('POST', '/tax-rates', {
        body: {
          display_name: 'VAT',
          percentage: '19.000',
          inclusive: true,
          jurisdiction: 'DE',
          country: 'DE',
        },
      }),
    );
    expect(rate).toMatchObject({ object: 'tax_rate', percentage: '19', inclusive: true, active: true });
    ok(await env.test('PUT', `/tax-rates/${String(rate.id)}`, { body: { display_name: 'MwSt' } }));
    expect(
      (await env.test('PUT', `/tax-rates/${String(rate.id)}`, { body: { percentage: '7' } })).status,
    ).toBe(400);
    const inclusive = ok(await env.test('GET', '/tax-rates', { query: { inclusive: 'true' } }));
    expect((inclusive.data as Array<{ id: string }>).map((r) => r.id)).toContain(rate.id);
    expect(ok(await env.test('PUT', `/tax-rates/${String(rate.id)}/archive`))).toMatchObject({
      active: false,
    });
    const session = await env.test('POST', '/checkout-sessions', {
      body: {
        line_items: [
          { price_id: await createPrice(env.test, currencyId, product, { unit_amount: '1' }), quantity: 1 },
        ],
        tax_rates: [rate.id],
      },
    });
    expect(session.status).toBe(400);
  });

  it('adds exclusive taxes on top and takes inclusive ones out of the price, half up per line', async () => {
    const sales = ok(
      await env.test('POST', '/tax-rates', {
        body: { display_name: 'Sales tax', percentage: '8.875', inclusive: false },
      }),
    );
    const vat = ok(
      await env.test('POST', '/tax-rates', {
        body: { display_name: 'VAT', percentage: '20', inclusive: true },
      }),
    );
    const taxedPrice = await createPrice(env.test, currencyId, product, {
      unit_amount: '1000000',
      tax_rates: [vat.id],
    });
    const plainPrice = await createPrice(env.test, currencyId, product, { unit_amount: '333333' });
    const price = ok(await env.test('GET', `/prices/${taxedPrice}`));
    expect(price.tax_rates).toEqual([vat.id]);
    const session = ok(
      await env.test('POST', '/checkout-sessions', {
        body: {
          line_items: [
            { price_id: taxedPrice, quantity: 1 },
            { price_id: plainPrice, quantity: 3 },
          ],
          tax_rates: [sales.id],
        },
      }),
    );
    // Line 1: 1,000,000 includes 20% VAT: 166,666.67 -> 166,667; nothing added.
    // Line 2: 999,999 x 8.875% = 88,749.91 -> 88,750 on top.
    expect(session).toMatchObject({
      amount_subtotal: '1999999',
      amount_total: String(1_999_999 + 88_750),
      total_details: {
        amount_discount: '0',
        amount_tax: String(166_667 + 88_750),
        breakdown: {
          discounts: [],
          taxes: [
            { tax_rate_id: vat.id, amount: '166667', inclusive: true, percentage: '20' },
            { tax_rate_id: sales.id, amount: '88750', inclusive: false, percentage: '8.875' },
          ],
        },
      },
      tax_rate_ids: [sales.id],
    });
  });
});
