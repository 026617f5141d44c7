import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type Answer,
  type PaymentTestEnv,
} from './support.js';

// Input PostgreSQL or the chain cannot take is refused with 400 in the one error shape, at the edge:
// NUL and lone surrogates anywhere, JSON nested deeper than 32, amounts of 2^256 and more, totals
// beyond what one transfer (and a numeric(78,0) column) can carry.
let env: PaymentTestEnv;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test));
});
afterAll(() => env?.stop());

const LIMIT = 2n ** 256n;

function expectRefused(res: Answer, code = 'parameter_invalid') {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code });
}

describe('text PostgreSQL cannot store', () => {
  it('NUL in a path id, a query value or a query key', async () => {
    expectRefused(await env.test('GET', '/products/prod_abcdefgh%00'));
    expectRefused(await env.test('PUT', '/payment-currencies/%00', { body: { name: 'x' } }));
    expectRefused(await env.test('GET', '/products', { query: { starting_after: 'a\u0000' } }));
    expectRefused(await env.test('GET', '/payment-methods?ending_before=%00'));
    expectRefused(await env.anonymous('GET', '/checkout-sessions/retrieve/cs_abc%00def'));
  });

  it('NUL or lone surrogates in JSON strings and metadata keys or values', async () => {
    const nul = await env.test('POST', '/products', { body: { name: 'a\u0000b' } });
    expectRefused(nul);
    expect(nul.body.error?.param).toBe('name');
    expectRefused(
      await env.test('POST', '/products', { body: { name: 'ok', metadata: { 'k\u0000': 'v' } } }),
    );
    expectRefused(
      await env.test('POST', '/products', { rawBody: '{"name":"ok","metadata":{"k":"\\ud800"}}' }),
    );
    expectRefused(await env.test('POST', '/customers', { rawBody: '{"name":"\\udc00x"}' }));
    const emoji = await env.test('POST', '/products', { body: { name: '😀 中文', metadata: { k: '😀' } } });
    expect(emoji.status).toBe(200);
  });
});

describe('nesting', () => {
  it('20,000-deep JSON is refused, also with an Idempotency-Key', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const rawBody = `{"name":"x","metadata":{"a":${deep}}}`;
    expectRefused(await env.test('POST', '/products', { rawBody, idem: 'deep-once' }));
    expectRefused(await env.test('POST', '/products', { rawBody }));
    expectRefused(
      await env.test('PUT', '/payment-currencies/pc_abcdefgh', { rawBody: deep, idem: 'deep-2' }),
    );
    const fine = '{"a":'.repeat(20) + '1' + '}'.repeat(20);
    const ok = await env.test('POST', '/products', { rawBody: `{"name":"x","metadata":{"a":${fine}}}` });
    expect(ok.status).toBe(200);
  });
});

describe('amounts and totals', () => {
  it('a unit amount of 2^256 or more is refused; 2^256 - 1 is taken', async () => {
    const product = await createProduct(env.test);
    const body = { product_id: product, currency_id: currencyId };
    expectRefused(await env.test('POST', '/prices', { body: { ...body, unit_amount: LIMIT.toString() } }));
    expectRefused(await env.test('POST', '/prices', { body: { ...body, unit_amount: '9'.repeat(78) } }));
    const max = await env.test('POST', '/prices', {
      body: { ...body, unit_amount: (LIMIT - 1n).toString() },
    });
    expect(max.status).toBe(200);
  });

  it('a link or session whose total reaches 2^256 is refused when created, not when paid', async () => {
    const product = await createProduct(env.test);
    const price = await createPrice(env.test, currencyId, product, { unit_amount: (10n ** 77n).toString() });
    const items = [{ price_id: price, quantity: 20 }];
    expectRefused(
      await env.test('POST', '/payment-links', { body: { line_items: items } }),
      'amount_too_large',
    );
    expectRefused(
      await env.test('POST', '/checkout-sessions', { body: { line_items: items } }),
      'amount_too_large',
    );
    const one = await env.test('POST', '/checkout-sessions', { body: { line_items: [{ price_id: price }] } });
    expect(one.status).toBe(200);
    expect(one.body.amount_total).toBe((10n ** 77n).toString());
  });

  it('raising a quantity past the limit is refused and leaves the session as it was', async () => {
    const product = await createProduct(env.test);
    const price = await createPrice(env.test, currencyId, product, {
      unit_amount: (6n * 10n ** 76n).toString(),
    });
    const session = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: price, adjustable_quantity: { enabled: true, maximum: 10 } }] },
    });
    expect(session.status).toBe(200);
    const id = String(session.body.id);
    const itemId = (session.body.line_items as Array<{ id: string }>)[0]?.id ?? '';
    const res = await env.anonymous('PUT', `/checkout-sessions/${id}/adjust-quantity`, {
      query: { livemode: 'false' },
      body: { itemId, quantity: 2 },
    });
    expectRefused(res, 'amount_too_large');
    const after = await env.test('GET', `/checkout-sessions/${id}`);
    expect(after.body.amount_total).toBe((6n * 10n ** 76n).toString());
  });
});
