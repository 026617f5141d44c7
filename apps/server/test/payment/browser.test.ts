import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test, 6, 2);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
});
afterAll(() => env?.stop());

interface Line {
  id: string;
  price_id: string;
  quantity: number;
  upsell_price_id: string | null;
  cross_sell: boolean;
  custom_amount: string | null;
}

const product = (extra: Record<string, unknown> = {}) => createProduct(env.test, extra);
const price = (productId: string, body: Record<string, unknown>) =>
  createPrice(env.test, currencyId, productId, body);
const link = (body: Record<string, unknown>) => createLink(env.test, body);
async function start(plink: string) {
  const res = await env.anonymous('POST', `/checkout-sessions/start/${plink}`, {
    body: {},
    query: { locale: 'zh' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    checkoutSession: { id: string; line_items: Line[]; amount_total: string; livemode: boolean };
  };
}
const lines = (body: Record<string, unknown>) => body.line_items as Line[];

describe('checkout-sessions/start and retrieve', () => {
  it('starts a session from a link and answers the page data', async () => {
    const p = await price(await product(), { unit_amount: '1250000' });
    const plink = await link({ line_items: [{ price_id: p, quantity: 2 }] });
    const started = await start(plink);
    expect(started.checkoutSession).toMatchObject({ livemode: false, amount_total: '2500000' });
    const retrieved = await env.anonymous(
      'GET',
      `/checkout-sessions/retrieve/${started.checkoutSession.id}`,
      {
        query: { livemode: 'true', locale: 'en', authToken: 'ignored' },
      },
    );
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toMatchObject({
      checkoutSession: { id: started.checkoutSession.id },
      paymentLink: { id: plink },
    });
    const methods = retrieved.body.paymentMethods as Array<{
      id: string;
      payment_currencies: Array<{ id: string }>;
    }>;
    expect(methods.map((m) => m.id)).toEqual([methodId]);
    expect(methods[0]?.payment_currencies.map((c) => c.id)).toEqual([currencyId]);
    expect(retrieved.body.customer).toBeUndefined();
    expect((await env.anonymous('GET', '/checkout-sessions/retrieve/cs_nope000000000000000000')).status).toBe(
      404,
    );
    expect(
      (await env.anonymous('POST', '/checkout-sessions/start/plink_nope00000000000000000', { body: {} }))
        .status,
    ).toBe(404);
  });
});

describe('upsell and downsell', () => {
  it('switches a line to its upsell price and back', async () => {
    const prod = await product();
    const yearly = await price(prod, { unit_amount: '100000000', recurring: { interval: 'year' } });
    const monthly = await price(prod, {
      unit_amount: '10000000',
      recurring: { interval: 'month' },
      upsell: { upsells_to_id: yearly },
    });
    const cs = (await start(await link({ line_items: [{ price_id: monthly }] }))).checkoutSession.id;
    const up = await env.anonymous('PUT', `/checkout-sessions/${cs}/upsell`, {
      body: { from: monthly, to: yearly },
    });
    expect(up.status).toBe(200);
    expect(lines(up.body)[0]?.upsell_price_id).toBe(yearly);
    expect(up.body.amount_total).toBe('100000000');
    const wrong = await env.anonymous('PUT', `/checkout-sessions/${cs}/upsell`, {
      body: { from: yearly, to: monthly },
    });
    expect(wrong.body.error?.param).toBe('from');
    const down = await env.anonymous('PUT', `/checkout-sessions/${cs}/downsell`, { body: { from: yearly } });
    expect(lines(down.body)[0]?.upsell_price_id).toBeNull();
    expect(down.body.amount_total).toBe('10000000');
    const notOffered = await env.anonymous('PUT', `/checkout-sessions/${cs}/upsell`, {
      body: { from: monthly, to: monthly },
    });
    expect(notOffered.body.error?.param).toBe('to');
    const invalid = await env.anonymous('PUT', `/checkout-sessions/${cs}/upsell`, { body: { from: 'x' } });
    expect(invalid.body.error?.param).toBe('from');
  });
});

describe('cross-sell', () => {
  it('offers, adds and removes; a required cross-sell cannot be removed', async () => {
    const extra = await price(await product({ name: 'Extra' }), { unit_amount: '300000' });
    const main = await price(await product({ cross_sell: { cross_sells_to_id: extra } }), {
      unit_amount: '1000000',
    });
    const plain = await price(await product(), { unit_amount: '10000' });
    const cs = (await start(await link({ line_items: [{ price_id: main }] }))).checkoutSession.id;
    const offer = await env.anonymous('GET', `/checkout-sessions/${cs}/cross-sell`);
    expect(offer.body).toMatchObject({ id: extra, product: { name: 'Extra' } });
    const added = await env.anonymous('PUT', `/checkout-sessions/${cs}/cross-sell`, { body: { to: extra } });
    expect(lines(added.body).map((l) => [l.price_id, l.cross_sell])).toEqual([
      [main, false],
      [extra, true],
    ]);
    expect(added.body.amount_total).toBe('1300000');
    const none = await env.anonymous('GET', `/checkout-sessions/${cs}/cross-sell`);
    expect(none.status).toBe(200);
    expect(none.body.error?.code).toBe('cross_sell_not_found');
    const removed = await env.anonymous('DELETE', `/checkout-sessions/${cs}/cross-sell`);
    expect(lines(removed.body)).toHaveLength(1);
    const wrong = await env.anonymous('PUT', `/checkout-sessions/${cs}/cross-sell`, { body: { to: plain } });
    expect(wrong.body.error?.param).toBe('to');

    const required = (
      await start(await link({ line_items: [{ price_id: main }], cross_sell_behavior: 'required' }))
    ).checkoutSession.id;
    await env.anonymous('PUT', `/checkout-sessions/${required}/cross-sell`, { body: { to: extra } });
    const refused = await env.anonymous('DELETE', `/checkout-sessions/${required}/cross-sell`);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe('REQUIRE_CROSS_SELL');
  });
});

describe('adjust-quantity', () => {
  it('keeps the quantity within stock, the purchase limit and the adjustable bounds', async () => {
    const p = await price(await product(), {
      unit_amount: '10000',
      quantity_available: 8,
      quantity_limit_per_checkout: 5,
    });
    const fixed = await price(await product(), { unit_amount: '10000' });
    const plink = await link({
      line_items: [
        { price_id: p, adjustable_quantity: { enabled: true, minimum: 2, maximum: 4 }, quantity: 2 },
        { price_id: fixed },
      ],
    });
    const session = (await start(plink)).checkoutSession;
    const itemId = session.line_items[0]?.id ?? '';
    const ok = await env.anonymous('PUT', `/checkout-sessions/${session.id}/adjust-quantity`, {
      body: { itemId, quantity: 4 },
    });
    expect(lines(ok.body)[0]?.quantity).toBe(4);
    expect(ok.body.amount_total).toBe('50000');
    const cases: Array<[number, string]> = [
      [9, 'Exceed inventory'],
      [6, 'Exceed purchase limit'],
      [5, 'Quantity must be between 2 and 4'],
      [1, 'Quantity must be between 2 and 4'],
    ];
    for (const [quantity, message] of cases) {
      const res = await env.anonymous('PUT', `/checkout-sessions/${session.id}/adjust-quantity`, {
        body: { itemId, quantity },
      });
      expect(res.body.error, String(quantity)).toMatchObject({ message, param: 'quantity' });
    }
    const fixedItem = session.line_items[1]?.id ?? '';
    const notAdjustable = await env.anonymous('PUT', `/checkout-sessions/${session.id}/adjust-quantity`, {
      body: { itemId: fixedItem, quantity: 2 },
    });
    expect(notAdjustable.body.error?.param).toBe('itemId');
    const typed = await env.anonymous('PUT', `/checkout-sessions/${session.id}/adjust-quantity`, {
      body: { itemId, quantity: '3' },
    });
    expect(typed.body.error?.param).toBe('quantity');
  });
});

describe('amount', () => {
  it('sets a pay-what-you-want amount within precision and bounds', async () => {
    const p = await price(await product(), {
      custom_unit_amount: { presets: ['5000000'], minimum: '1000000', maximum: '50000000' },
    });
    const session = (await start(await link({ line_items: [{ price_id: p }] }))).checkoutSession;
    expect(session.amount_total).toBe('5000000');
    const ok = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '12340000' },
    });
    expect(ok.body.amount_total).toBe('12340000');
    const precise = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '12345678' },
    });
    expect(precise.body.error).toMatchObject({
      message: 'Amount decimal places must be less than or equal to 2',
      param: 'amount',
    });
    const low = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '10000' },
    });
    expect(low.body.error?.message).toBe('Please enter an amount between 1 and 50.');
    const fixed = await price(await product(), { unit_amount: '10000' });
    const other = (await start(await link({ line_items: [{ price_id: fixed }] }))).checkoutSession;
    const refused = await env.anonymous('PUT', `/checkout-sessions/${other.id}/amount`, {
      body: { priceId: fixed, amount: '5' },
    });
    expect(refused.body.error?.param).toBe('priceId');
    const decimal = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '1.5' },
    });
    expect(decimal.body.error?.param).toBe('amount');
  });

  it('checks donation amounts against the link’s donation settings', async () => {
    const p = await price(await product(), { custom_unit_amount: { presets: ['1000000'] } });
    const plink = await link({
      line_items: [{ price_id: p }],
      donation_settings: {
        amount: { presets: ['1', '5', '10'] },
        beneficiaries: [{ name: 'Ada', percent: 100, address: '0xabc' }],
      },
    });
    const session = (await start(plink)).checkoutSession;
    const over = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '51000000' },
    });
    expect(over.body.error).toMatchObject({
      code: 'donation_amount_range',
      message: 'Please enter an amount between 0 and 50.',
    });
    const fine = await env.anonymous('PUT', `/checkout-sessions/${session.id}/amount`, {
      body: { priceId: p, amount: '50000000' },
    });
    expect(fine.body.amount_total).toBe('50000000');
    const benefits = await env.anonymous('GET', `/payment-links/${plink}/benefits`);
    expect(benefits.body).toEqual([{ name: 'Ada', percent: 100, address: '0xabc', type: 'user' }]);
  });
});

describe('no random input makes a change call answer 5xx', () => {
  it('random bodies on every session change', async () => {
    const p = await price(await product(), { custom_unit_amount: { presets: ['1000000'] } });
    const cs = (
      await start(await link({ line_items: [{ price_id: p, adjustable_quantity: { enabled: true } }] }))
    ).checkoutSession.id;
    const paths = ['upsell', 'downsell', 'cross-sell', 'adjust-quantity', 'amount'];
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({
        itemId: fc.oneof(fc.string(), fc.constant(p)),
        quantity: fc.oneof(fc.integer(), fc.double(), fc.string()),
      }),
      fc.record({
        priceId: fc.oneof(fc.string(), fc.constant(p)),
        amount: fc.oneof(fc.bigInt({ min: -1n, max: 2n ** 260n }).map(String), fc.string()),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, async (path, value) => {
        const res = await env.anonymous('PUT', `/checkout-sessions/${cs}/${path}`, {
          rawBody: JSON.stringify(value),
        });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
