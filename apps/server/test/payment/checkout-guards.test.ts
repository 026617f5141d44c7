import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { createLink, createPrice, createProduct, startPaymentEnv, type PaymentTestEnv } from './support.js';

// Checkout rules a buyer runs into: a required cross-sell must be in the cart to pay, and the pages a
// checkout sends the customer to are web addresses only.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function start(plink: string): Promise<string> {
  const res = await env.anonymous('POST', `/checkout-sessions/start/${plink}`, { body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String((res.body.checkoutSession as { id: string }).id);
}

describe('a required cross-sell', () => {
  it('refuses submit without the cross-sell item (REQUIRE_CROSS_SELL) and accepts it once added', async () => {
    const extra = await createPrice(
      env.test,
      cat.currencyId,
      await createProduct(env.test, { name: 'Extra' }),
      {
        unit_amount: '300000',
      },
    );
    const mainProduct = await createProduct(env.test, { cross_sell: { cross_sells_to_id: extra } });
    const main = await createPrice(env.test, cat.currencyId, mainProduct, { unit_amount: '1000000' });
    const required = await createLink(env.test, {
      line_items: [{ price_id: main }],
      cross_sell_behavior: 'required',
    });
    const cs = await start(required);
    const refused = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'REQUIRE_CROSS_SELL',
      message: 'This checkout requires the cross-sell item',
    });
    const added = await env.anonymous('PUT', `/checkout-sessions/${cs}/cross-sell`, { body: { to: extra } });
    expect(added.status).toBe(200);
    const paid = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((paid.body.paymentIntent as { amount: string }).amount).toBe('1300000');

    // An optional cross-sell ('auto') never blocks payment.
    const optional = await start(await createLink(env.test, { line_items: [{ price_id: main }] }));
    const ok = await browserCall(browser, 'PUT', `/checkout-sessions/${optional}/submit`, submitBody(cat));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('success, cancel and after-completion URLs', () => {
  const bad = [
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>1</script>',
  ];

  it('accepts only http(s) URLs for checkout sessions (400 with a clear message otherwise)', async () => {
    for (const url of bad) {
      for (const field of ['success_url', 'cancel_url']) {
        const res = await env.test('POST', '/checkout-sessions', {
          body: { line_items: [{ price_id: cat.priceId, quantity: 1 }], [field]: url },
        });
        expect(res.status, `${field} ${url}`).toBe(400);
        expect(res.body.error?.param).toBe(field);
        expect(res.body.error?.message).toContain('http:// or https://');
      }
    }
    const ok = await env.test('POST', '/checkout-sessions', {
      body: {
        line_items: [{ price_id: cat.priceId, quantity: 1 }],
        success_url: 'https://shop.example/thanks',
        cancel_url: 'http://localhost:8080/cart',
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.success_url).toBe('https://shop.example/thanks');
  });

  it("accepts only http(s) URLs for a payment link's after-completion redirect, on create and update", async () => {
    const redirect = (url: string) => ({ type: 'redirect', redirect: { url } });
    for (const url of bad) {
      const res = await env.test('POST', '/payment-links', {
        body: { line_items: [{ price_id: cat.priceId }], after_completion: redirect(url) },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error?.message).toContain('http:// or https://');
    }
    const plink = await createLink(env.test, {
      line_items: [{ price_id: cat.priceId }],
      after_completion: redirect('https://shop.example/done'),
    });
    const updated = await env.test('PUT', `/payment-links/${plink}`, {
      body: { after_completion: redirect('javascript:alert(1)') },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error?.message).toContain('http:// or https://');
  });
});
