import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog, type SubmitAnswer } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// A pay-what-you-want amount is a count of the smallest unit of one currency. When the customer picks
// another currency (other decimals) the amount must mean the same human value there: 7.5 TUSD (6
// decimals) becomes 7.5 ETH (18), never 7.5e-12 ETH, and donation bounds are checked in the picked one.
let env: PaymentTestEnv;
let chain: TestChain;
let cat: Catalog;
let eth: string;
let priceId: string;
let linkId: string;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  const native = await env.test('POST', '/payment-currencies', {
    body: {
      payment_method_id: cat.methodId,
      symbol: 'ETH',
      name: 'Ether',
      decimal: 18,
      maximum_precision: 6,
    },
  });
  expect(native.status, JSON.stringify(native.body)).toBe(200);
  eth = String(native.body.id);
  const product = await env.test('POST', '/products', { body: { name: 'Tip jar' } });
  const price = await env.test('POST', '/prices', {
    body: {
      product_id: product.body.id,
      currency_id: cat.currencyId,
      custom_unit_amount: { presets: ['5000000'] },
      currency_options: [
        { currency_id: eth, unit_amount: '0', custom_unit_amount: { presets: ['5000000000000000000'] } },
      ],
    },
  });
  expect(price.status, JSON.stringify(price.body)).toBe(200);
  priceId = String(price.body.id);
  const link = await env.test('POST', '/payment-links', {
    body: {
      line_items: [{ price_id: priceId }],
      donation_settings: { amount: { presets: ['1', '5', '10'] } },
    },
  });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  linkId = String(link.body.id);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function startDonation(): Promise<string> {
  const res = await env.anonymous('POST', `/checkout-sessions/start/${linkId}`, { body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = (res.body as { checkoutSession: { id: string; currency_id: string } }).checkoutSession;
  expect(session.currency_id).toBe(cat.currencyId);
  return session.id;
}
const setAmount = (cs: string, amount: string, currencyId?: string) =>
  env.anonymous('PUT', `/checkout-sessions/${cs}/amount`, {
    body: { priceId, amount, ...(currencyId ? { currency_id: currencyId } : {}) },
  });

describe('a custom amount in the currency the customer picked', () => {
  it('checks the bounds in the picked currency and moves the session there', async () => {
    const cs = await startDonation();
    // 20 ETH is within the donation bounds (at most 5 x 10 = 50): checked in ETH's 18 decimals.
    const inEth = await setAmount(cs, '20000000000000000000', eth);
    expect(inEth.status, JSON.stringify(inEth.body)).toBe(200);
    expect(inEth.body).toMatchObject({ currency_id: eth, amount_total: '20000000000000000000' });
    const over = await setAmount(cs, '51000000000000000000', eth);
    expect(over.body.error).toMatchObject({
      code: 'donation_amount_range',
      message: 'Please enter an amount between 0 and 50.',
    });
    // ETH allows 6 decimal places here.
    const precise = await setAmount(cs, '1000000000000000001', eth);
    expect(precise.body.error).toMatchObject({ param: 'amount' });
    const back = await setAmount(cs, '2000000', cat.currencyId);
    expect(back.body).toMatchObject({ currency_id: cat.currencyId, amount_total: '2000000' });
    const unknown = await setAmount(cs, '2000000', 'pc_doesnotexist1');
    expect(unknown.status).toBe(400);
  });

  it('keeps the human amount when the donation is submitted in a currency with other decimals', async () => {
    const cs = await startDonation();
    expect((await setAmount(cs, '7500000')).body).toMatchObject({ amount_total: '7500000' });
    const browser = new TestBrowser(env.server.url);
    const res = await browserCall(
      browser,
      'PUT',
      `/checkout-sessions/${cs}/donate-submit`,
      submitBody(cat, { payment_currency: eth }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as unknown as SubmitAnswer & {
      checkoutSession: { currency_id: string; amount_total: string };
    };
    expect(answer.checkoutSession).toMatchObject({ currency_id: eth, amount_total: '7500000000000000000' });
    expect(answer.paymentIntent.amount).toBe('7500000000000000000');
    expect(answer.paymentTarget).toMatchObject({ token: null, amount: '7500000000000000000' });
  });
});
