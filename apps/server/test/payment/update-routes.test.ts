import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { createLink, createPrice, createProduct, startPaymentEnv, type PaymentTestEnv } from './support.js';

// Every update route changes only the fields it is given: create with every field set away from its
// default, update one field, read back, and everything else must be as it was.
let env: PaymentTestEnv;
let methodId: string;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  const method = await env.test('POST', '/payment-methods', {
    body: {
      type: 'ethereum',
      name: 'Chain',
      description: 'A chain',
      logo: 'https://example.com/logo.png',
      settings: { ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545' } },
      features: { recurring: true, refund: true, dispute: false },
      confirmation: { type: 'block', block: 3 },
      metadata: { kept: 'yes' },
    },
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  methodId = String(method.body.id);
  const currency = await env.test('POST', '/payment-currencies', {
    body: {
      payment_method_id: methodId,
      symbol: 'TUSD',
      name: 'Test USD',
      decimal: 6,
      maximum_precision: 2,
      logo: 'https://example.com/tusd.png',
      minimum_payment_amount: '100',
      maximum_payment_amount: '5000000',
      metadata: { kept: 'yes' },
    },
  });
  expect(currency.status, JSON.stringify(currency.body)).toBe(200);
  currencyId = String(currency.body.id);
});
afterAll(() => env?.stop());

type Body = Record<string, unknown>;

/** Everything but updated_at and the fields the update named. */
function others(body: Body, update: Body): Body {
  const named = new Set(['updated_at', ...Object.keys(update)]);
  return Object.fromEntries(Object.entries(body).filter(([key]) => !named.has(key)));
}

async function expectOnlyChanged(path: string, update: Body): Promise<Body> {
  const before = await env.test('GET', path);
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  const res = await env.test('PUT', path, { body: update });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const after = await env.test('GET', path);
  expect(after.body).toMatchObject(update);
  expect(others(after.body, update)).toEqual(others(before.body, update));
  expect(others(res.body, update)).toEqual(others(before.body, update));
  return after.body;
}

describe('updates leave the fields they do not name unchanged', () => {
  it('payment currencies (metadata only keeps maximum_precision and the bounds)', async () => {
    const after = await expectOnlyChanged(`/payment-currencies/${currencyId}`, { metadata: { note: 'x' } });
    expect(after).toMatchObject({ maximum_precision: 2, minimum_payment_amount: '100' });
    await expectOnlyChanged(`/payment-currencies/${currencyId}`, { name: 'Renamed USD' });
  });

  it('payment methods (settings, features and confirmation survive a metadata change)', async () => {
    const after = await expectOnlyChanged(`/payment-methods/${methodId}`, { metadata: { note: 'x' } });
    expect(after).toMatchObject({ settings: { ethereum: { chain_id: 31337 } }, confirmation: { block: 3 } });
    await expectOnlyChanged(`/payment-methods/${methodId}`, { description: 'Still a chain' });
  });

  it('products', async () => {
    const id = await createProduct(env.test, {
      type: 'good',
      description: 'Words',
      images: ['https://example.com/a.png'],
      unit_label: 'seat',
      statement_descriptor: 'THING',
      features: [{ name: 'Fast' }],
      metadata: { kept: 'yes' },
    });
    await expectOnlyChanged(`/products/${id}`, { name: 'Renamed' });
    await expectOnlyChanged(`/products/${id}`, { metadata: { other: '1' } });
  });

  it('prices', async () => {
    const product = await createProduct(env.test);
    const id = await createPrice(env.test, currencyId, product, {
      unit_amount: '1500000',
      nickname: 'Standard',
      lookup_key: 'standard',
      quantity_available: 10,
      quantity_limit_per_checkout: 3,
      metadata: { kept: 'yes' },
    });
    await expectOnlyChanged(`/prices/${id}`, { nickname: 'Renamed' });
    await expectOnlyChanged(`/prices/${id}`, { quantity_available: 20 });
  });

  it('customers', async () => {
    const created = await env.test('POST', '/customers', {
      body: {
        name: 'Ada',
        email: 'ada@example.com',
        phone: '+1 555 0100',
        address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
        description: 'VIP',
        metadata: { kept: 'yes' },
      },
    });
    expect(created.status).toBe(200);
    await expectOnlyChanged(`/customers/${String(created.body.id)}`, { phone: '+1 555 0199' });
    await expectOnlyChanged(`/customers/${String(created.body.id)}`, { metadata: { other: '1' } });
  });

  it('payment links', async () => {
    const product = await createProduct(env.test);
    const price = await createPrice(env.test, currencyId, product, { unit_amount: '1000000' });
    const id = await createLink(env.test, {
      name: 'Link',
      line_items: [{ price_id: price, quantity: 2, adjustable_quantity: { enabled: true, maximum: 5 } }],
      after_completion: { type: 'redirect', redirect: { url: 'https://example.com/thanks' } },
      submit_type: 'pay',
      billing_address_collection: 'required',
      phone_number_collection: { enabled: true },
      allow_promotion_codes: true,
      metadata: { kept: 'yes' },
    });
    await expectOnlyChanged(`/payment-links/${id}`, { name: 'Renamed' });
    await expectOnlyChanged(`/payment-links/${id}`, { metadata: { other: '1' } });
  });

  it('checkout sessions (metadata is all an update may change)', async () => {
    const product = await createProduct(env.test);
    const price = await createPrice(env.test, currencyId, product, { unit_amount: '1000000' });
    const created = await env.test('POST', '/checkout-sessions', {
      body: {
        line_items: [{ price_id: price, quantity: 3 }],
        customer_email: 'ada@example.com',
        success_url: 'https://example.com/ok',
        billing_address_collection: 'required',
        metadata: { kept: 'yes' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await expectOnlyChanged(`/checkout-sessions/${String(created.body.id)}`, { metadata: { other: '1' } });
  });

  it('settings, by mount location and by id', async () => {
    const owner = new TestBrowser(env.server.url);
    await signIn(owner, newWallet('Olivia Owner', 'olivia@example.com'));
    const post = async (body: Body) => {
      const res = await owner.post('/payment/api/settings', body);
      return (await res.json()) as Body;
    };
    const put = async (key: string, body: Body) => {
      const res = await owner.request(`/payment/api/settings/${key}`, {
        method: 'PUT',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Body;
    };
    const created = await post({
      mountLocation: 'blog-2',
      description: 'Tips',
      type: 'notification',
      componentDid: 'z2qaBlog',
      active: true,
      livemode: false,
      settings: { amount: { presets: ['1'] } },
    });
    const bySettings = await put('blog-2', { livemode: false, settings: { amount: { presets: ['2'] } } });
    expect(others(bySettings, { settings: 1 })).toEqual(others(created, { settings: 1 }));
    const byId = await put(String(created.id), { active: false });
    expect(others(byId, { active: 1 })).toEqual(others(bySettings, { active: 1 }));
    const again = await post({ mountLocation: 'blog-2', type: 'notification', livemode: false });
    expect(others(again, {})).toEqual(others(byId, {}));
  });
});
