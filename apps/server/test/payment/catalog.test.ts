import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStripe } from '../../src/rails/stripe/local/server.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

let env: PaymentTestEnv;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test));
});
afterAll(() => env?.stop());

async function product(name = 'Pro plan', extra: Record<string, unknown> = {}) {
  const res = await env.test('POST', '/products', { body: { name, ...extra } });
  expect(res.status).toBe(200);
  return String(res.body.id);
}

describe('products', () => {
  it('creates, retrieves, updates, lists and archives', async () => {
    const created = await env.test('POST', '/products', {
      body: {
        name: 'Widget',
        type: 'good',
        images: ['https://example.com/w.png'],
        statement_descriptor: 'WIDGET',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'product', livemode: false, active: true, type: 'good' });
    expect(String(created.body.id)).toMatch(/^prod_[A-Za-z0-9]{24}$/);
    const id = String(created.body.id);
    expect((await env.test('GET', `/products/${id}`)).body.name).toBe('Widget');
    const updated = await env.test('PUT', `/products/${id}`, {
      body: { name: 'Widget 2', unit_label: 'seat' },
    });
    expect(updated.body).toMatchObject({ name: 'Widget 2', unit_label: 'seat', type: 'good' });
    const archived = await env.test('PUT', `/products/${id}/archive`);
    expect(archived.body.active).toBe(false);
    const inactive = await env.test('GET', '/products', { query: { active: 'false' } });
    expect((inactive.body.data as Array<{ id: string }>).map((p) => p.id)).toContain(id);
  });

  it('names the offending field in param', async () => {
    const res = await env.test('POST', '/products', { body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'name' });
    const desc = await env.test('POST', '/products', {
      body: { name: 'x', statement_descriptor: 'x'.repeat(30) },
    });
    expect(desc.body.error?.param).toBe('statement_descriptor');
    const type = await env.test('POST', '/products', {
      body: { name: 'x', type: 'service', cross_sell: { cross_sells_to_id: 'price_doesnotexist0000' } },
    });
    expect(type.body.error).toMatchObject({
      code: 'resource_missing',
      param: 'cross_sell.cross_sells_to_id',
    });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await env.test('GET', '/products/prod_unknown000000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error?.type).toBe('not_found_error');
  });
});

describe('prices', () => {
  it('creates every kind of price', async () => {
    const prod = await product();
    const oneTime = await env.test('POST', '/prices', {
      body: { product_id: prod, currency_id: currencyId, unit_amount: '1500000' },
    });
    expect(oneTime.body).toMatchObject({
      type: 'one_time',
      unit_amount: '1500000',
      billing_scheme: 'per_unit',
    });
    const recurring = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        unit_amount: '9000000',
        recurring: { interval: 'month', interval_count: 3 },
      },
    });
    expect(recurring.body).toMatchObject({
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 3, usage_type: 'licensed' },
    });
    const yearly = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        unit_amount: '90000000',
        recurring: { interval: 'year' },
      },
    });
    const upsell = await env.test('PUT', `/prices/${String(recurring.body.id)}`, {
      body: { upsell: { upsells_to_id: yearly.body.id } },
    });
    expect(upsell.body.upsell).toEqual({ upsells_to_id: yearly.body.id });
    const metered = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        unit_amount: '10',
        recurring: { interval: 'hour', usage_type: 'metered' },
      },
    });
    expect(metered.body.recurring).toMatchObject({ usage_type: 'metered', interval: 'hour' });
    const tiered = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        billing_scheme: 'tiered',
        tiers_mode: 'graduated',
        tiers: [
          { up_to: 10, unit_amount: '1000000' },
          { up_to: 'inf', unit_amount: '500000', flat_amount: '100000' },
        ],
      },
    });
    expect(tiered.status).toBe(200);
    expect(tiered.body).toMatchObject({
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      unit_amount: '0',
    });
    const custom = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        custom_unit_amount: { presets: ['1000000', '5000000'], minimum: '500000', maximum: '100000000' },
      },
    });
    expect(custom.body.custom_unit_amount).toMatchObject({ presets: ['1000000', '5000000'] });
    const big = '1606938044258990275541962092341162602522202993782792835301376'; // 2^200
    const huge = await env.test('POST', '/prices', {
      body: { product_id: prod, currency_id: currencyId, unit_amount: big },
    });
    expect(huge.body.unit_amount).toBe(big);
  });

  it('enforces the currency precision with the exact message', async () => {
    const prod = await product();
    const { currencyId: eighteen } = await seedCurrency(env.test, 18, 6);
    const res = await env.test('POST', '/prices', {
      body: { product_id: prod, currency_id: eighteen, unit_amount: '1000000000001' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'amount_precision',
      message: 'Amount decimal places must be less than or equal to 6',
      param: 'unit_amount',
    });
  });

  it('rejects inconsistent prices and names the field', async () => {
    const prod = await product();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ unit_amount: '1.5' }, 'unit_amount'],
      [{ unit_amount: '-1' }, 'unit_amount'],
      [{ unit_amount: 100 }, 'unit_amount'],
      [{}, 'unit_amount'],
      [{ unit_amount: '1', type: 'recurring' }, 'recurring'],
      [{ unit_amount: '1', recurring: { interval: 'fortnight' } }, 'recurring.interval'],
      [{ billing_scheme: 'tiered', tiers: [{ up_to: 'inf', unit_amount: '1' }] }, 'tiers_mode'],
      [
        {
          billing_scheme: 'tiered',
          tiers_mode: 'volume',
          tiers: [
            { up_to: 5, unit_amount: '1' },
            { up_to: 5, unit_amount: '1' },
          ],
        },
        'tiers',
      ],
      [{ custom_unit_amount: { minimum: '10', maximum: '5' } }, 'custom_unit_amount.minimum'],
      [{ unit_amount: '1', currency_id: 'pc_missing0000000000000' }, 'currency_id'],
      [{ unit_amount: '1', upsell: { upsells_to_id: 'price_missing00000000000' } }, 'upsell.upsells_to_id'],
    ];
    for (const [body, param] of cases) {
      const res = await env.test('POST', '/prices', {
        body: { product_id: prod, currency_id: currencyId, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.param, JSON.stringify(body)).toBe(param);
    }
  });

  it('requires credit_config for credit products', async () => {
    const prod = await product('Credits', { type: 'credit' });
    const res = await env.test('POST', '/prices', {
      body: { product_id: prod, currency_id: currencyId, unit_amount: '1' },
    });
    expect(res.body.error?.param).toBe('metadata.credit_config');
    const ok = await env.test('POST', '/prices', {
      body: {
        product_id: prod,
        currency_id: currencyId,
        unit_amount: '1000000',
        metadata: { credit_config: { credit_amount: '100', currency_id: currencyId } },
      },
    });
    expect(ok.status).toBe(200);
  });

  it('expands the product on retrieve and on lists', async () => {
    const prod = await product('Expandable');
    const created = await env.test('POST', '/prices', {
      body: { product_id: prod, currency_id: currencyId, unit_amount: '7' },
    });
    const one = await env.test('GET', `/prices/${String(created.body.id)}`, {
      query: { 'expand[]': 'product' },
    });
    expect(one.body.product).toMatchObject({ id: prod, name: 'Expandable' });
    const plain = await env.test('GET', `/prices/${String(created.body.id)}`);
    expect(plain.body.product).toBeUndefined();
    const list = await env.test('GET', '/prices', {
      query: { product_id: prod, 'expand[]': 'data.product' },
    });
    expect((list.body.data as Array<{ product?: { id: string } }>)[0]?.product?.id).toBe(prod);
  });
});

describe('payment methods and currencies', () => {
  it('masks secrets and keeps them when an update leaves them out', async () => {
    // A card method's keys are tried on Stripe when saved: the local Stripe of test mode answers.
    const local = await new LocalStripe().start();
    const api_host = local.url;
    const created = await env.test('POST', '/payment-methods', {
      body: {
        type: 'stripe',
        name: 'Card',
        settings: {
          stripe: { publishable_key: 'pk_test_1', secret_key: 'sk_test_secretvalue1234', api_host },
        },
      },
    });
    expect(created.status).toBe(200);
    const settings = created.body.settings as { stripe: { secret_key: string } };
    expect(settings.stripe.secret_key).toBe('sk_test_…1234');
    const id = String(created.body.id);
    const updated = await env.test('PUT', `/payment-methods/${id}`, {
      body: { settings: { stripe: { publishable_key: 'pk_test_2', secret_key: 'sk_test_…1234', api_host } } },
    });
    await local.stop();
    expect((updated.body.settings as { stripe: { secret_key: string } }).stripe.secret_key).toBe(
      'sk_test_…1234',
    );
    // Kept sealed at rest (card-secrets.test.ts): the row holds no plaintext.
    const { rows } = await env.server.server.services.database.pool.query<{
      settings: { stripe: { secret_key: unknown } };
    }>('SELECT settings FROM payment_methods WHERE id = $1', [id]);
    expect(JSON.stringify(rows[0]?.settings)).not.toContain('secretvalue');
    expect(rows[0]?.settings.stripe.secret_key).toMatchObject({ hint: 'sk_test_…1234' });
  });

  it('requires the settings of its own rail, and a known method for a currency', async () => {
    const res = await env.test('POST', '/payment-methods', {
      body: { type: 'base', name: 'Base', settings: {} },
    });
    expect(res.body.error?.param).toBe('settings.base');
    const cur = await env.test('POST', '/payment-currencies', {
      body: { payment_method_id: 'pm_missing00000000000000', symbol: 'X', name: 'X', decimal: 6 },
    });
    expect(cur.body.error?.param).toBe('payment_method_id');
  });

  it('keeps one base currency per mode and archives', async () => {
    const a = await seedCurrency(env.test);
    const b = await seedCurrency(env.test);
    await env.test('PUT', `/payment-currencies/${a.currencyId}`, { body: { is_base_currency: true } });
    await env.test('PUT', `/payment-currencies/${b.currencyId}`, { body: { is_base_currency: true } });
    expect((await env.test('GET', `/payment-currencies/${a.currencyId}`)).body.is_base_currency).toBe(false);
    expect((await env.test('GET', `/payment-currencies/${b.currencyId}`)).body.is_base_currency).toBe(true);
    const archived = await env.test('PUT', `/payment-currencies/${a.currencyId}/archive`);
    expect(archived.body.active).toBe(false);
    const listed = await env.test('GET', '/payment-methods', { query: { limit: '100' } });
    expect((listed.body.data as unknown[]).length).toBeGreaterThan(2);
  });
});
