import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

// A signed-out start answers JSON assembled from parts kept per link (checkout/start-answer.ts): the
// prices, products, methods and link of every start of one link are the same, only the session's own
// fields differ. The answer must be the one retrieve gives for that session, and must follow the catalog.
let env: PaymentTestEnv;
let productId: string;
let monthly: string;
let link: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  const { currencyId } = await seedCurrency(env.test);
  productId = await createProduct(env.test, { name: 'Plan', metadata: { tier: 'pro' } });
  const yearly = await createPrice(env.test, currencyId, productId, {
    unit_amount: '100000000',
    recurring: { interval: 'year' },
  });
  monthly = await createPrice(env.test, currencyId, productId, {
    unit_amount: '10000000',
    recurring: { interval: 'month' },
    upsell: { upsells_to_id: yearly },
  });
  const extra = await createPrice(env.test, currencyId, await createProduct(env.test, { name: 'Add-on' }), {
    unit_amount: '2500000',
    recurring: { interval: 'month' },
  });
  link = await createLink(env.test, {
    line_items: [
      { price_id: monthly, quantity: 1 },
      { price_id: extra, quantity: 2, adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 } },
    ],
    metadata: { campaign: 'spring "sale"' },
  });
});
afterAll(() => env?.stop());

const api = (path: string) => `${env.server.url}/payment/api${path}`;
const startText = async () => {
  const res = await fetch(api(`/checkout-sessions/start/${link}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return res.text();
};
type Started = {
  checkoutSession: { id: string; line_items: Array<{ id: string; price: { product: { name: string } } }> };
};

describe('a signed-out start of a payment link', () => {
  it('answers, byte for byte, what retrieve answers for the new session; each start its own ids', async () => {
    const texts = [await startText(), await startText(), await startText()];
    const started = texts.map((t) => JSON.parse(t) as Started);
    const ids = started.map((s) => s.checkoutSession.id);
    expect(new Set(ids).size).toBe(3);
    const itemIds = started.flatMap((s) => s.checkoutSession.line_items.map((i) => i.id));
    expect(new Set(itemIds).size).toBe(6);
    for (const [i, id] of ids.entries()) {
      const retrieved = await fetch(api(`/checkout-sessions/retrieve/${id}`));
      expect(await retrieved.text()).toBe(texts[i]);
    }
    const [first] = started;
    expect(first?.checkoutSession.line_items[0]?.price.product.name).toBe('Plan');
  });

  it('shows a change to the catalog in the next start', async () => {
    await startText();
    const renamed = await env.test('PUT', `/products/${productId}`, { body: { name: 'Plan Plus' } });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => {
        const s = JSON.parse(await startText()) as Started;
        return s.checkoutSession.line_items[0]?.price.product.name;
      })
      .toBe('Plan Plus');
    const text = await startText();
    const { id } = (JSON.parse(text) as Started).checkoutSession;
    expect(await (await fetch(api(`/checkout-sessions/retrieve/${id}`))).text()).toBe(text);
  });

  it('checks the line items again once a price changes (kept per link version, cleared with the catalog)', async () => {
    const res = await env.test('PUT', `/prices/${monthly}`, { body: { active: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect
      .poll(async () => {
        const started = await fetch(api(`/checkout-sessions/start/${link}`), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return ((await started.json()) as { error?: { code: string } }).error?.code;
      })
      .toBe('price_inactive');
  });
});
