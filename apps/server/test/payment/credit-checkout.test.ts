import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { browserCall, newSession, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// A checkout priced in a credit currency: submit answers creditSufficient from the customer's usable
// grants now; fast-checkout-confirm pays it from them (all or nothing, one credit transaction per
// grant touched) and completes the session; short credit draws nothing and leaves the session open.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;
let creditId: string;
let priceId: string;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Cody Credit', 'cody@example.com'));
  const credit = ok(
    await env.test('POST', '/payment-currencies', {
      body: { payment_method_id: cat.methodId, symbol: 'CRD', name: 'Credits', decimal: 2, type: 'credit' },
    }),
    'credit currency',
  );
  creditId = String(credit.id);
  const product = ok(await env.test('POST', '/products', { body: { name: 'Report' } }), 'product');
  const price = ok(
    await env.test('POST', '/prices', {
      body: { product_id: product.id, currency_id: creditId, unit_amount: '1000' },
    }),
    'price',
  );
  priceId = String(price.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

const submit = async (cs: string) => {
  const res = await browserCall(
    browser,
    'PUT',
    `/checkout-sessions/${cs}/submit`,
    submitBody(cat, { payment_currency: creditId }),
  );
  return ok(res, 'submit') as {
    creditSufficient?: boolean;
    creditTopUp?: { payment_link_id: string } | null;
    customer: { id: string };
  };
};

describe('paying a checkout with credit', () => {
  it('answers insufficient, then pays from the grants once they cover it, and refuses when short', async () => {
    const first = await newSession(env.test, priceId);
    const before = await submit(first);
    expect(before.creditSufficient).toBe(false);
    // No link sells this credit yet; then one does, and the dialog's Top up opens it.
    expect(before.creditTopUp).toBeNull();
    const pack = ok(
      await env.test('POST', '/products', { body: { name: 'Credit pack', type: 'credit' } }),
      'p',
    );
    const packPrice = ok(
      await env.test('POST', '/prices', {
        body: {
          product_id: pack.id,
          currency_id: cat.currencyId,
          unit_amount: '5000000',
          metadata: { credit_config: { credit_amount: '10', currency_id: creditId } },
        },
      }),
      'pack price',
    );
    const link = ok(
      await env.test('POST', '/payment-links', {
        body: { line_items: [{ price_id: packPrice.id, quantity: 1 }] },
      }),
      'link',
    );
    expect((await submit(first)).creditTopUp).toEqual({ payment_link_id: link.id });
    const refused = ok(
      await browserCall(browser, 'POST', `/checkout-sessions/${first}/fast-checkout-confirm`, {}),
      'confirm',
    );
    expect(refused).toMatchObject({ fastPaid: false });

    const customer = before.customer.id;
    const small = ok(
      await env.test('POST', '/credit-grants', {
        body: { customer_id: customer, currency_id: creditId, amount: '600', priority: 10 },
      }),
      'grant',
    );
    const big = ok(
      await env.test('POST', '/credit-grants', {
        body: { customer_id: customer, currency_id: creditId, amount: '900', priority: 20 },
      }),
      'grant',
    );
    expect((await submit(first)).creditSufficient).toBe(true);
    // Another signed-in person confirming this checkout spends nobody's credit.
    const stranger = new TestBrowser(env.server.url);
    await signIn(stranger, newWallet('Sam Stranger', 'sam@example.com'));
    const theirs = await browserCall(
      stranger,
      'POST',
      `/checkout-sessions/${first}/fast-checkout-confirm`,
      {},
    );
    expect(theirs.status).toBe(403);
    expect(ok(await env.test('GET', `/credit-grants/${String(small.id)}`), 'g')).toMatchObject({
      remaining_amount: '600',
    });
    const paid = ok(
      await browserCall(browser, 'POST', `/checkout-sessions/${first}/fast-checkout-confirm`, {}),
      'confirm',
    );
    expect(paid).toMatchObject({ fastPaid: true });
    const session = ok(await env.test('GET', `/checkout-sessions/${first}`), 'session');
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid' });
    // Priority order: the first grant emptied, the second drawn for the rest.
    expect(ok(await env.test('GET', `/credit-grants/${String(small.id)}`), 'g')).toMatchObject({
      remaining_amount: '0',
      status: 'depleted',
    });
    expect(ok(await env.test('GET', `/credit-grants/${String(big.id)}`), 'g')).toMatchObject({
      remaining_amount: '500',
    });
    const moves = ok(await env.test('GET', `/credit-transactions?customer_id=${customer}`), 'moves');
    expect(
      (moves.data as Array<{ credit_amount: string; source: string }>).map((m) => [
        m.source,
        m.credit_amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['checkout', '600'],
        ['checkout', '400'],
      ]),
    );

    // 500 left for a 1000 checkout: insufficient, and confirming draws nothing.
    const second = await newSession(env.test, priceId);
    expect((await submit(second)).creditSufficient).toBe(false);
    const short = ok(
      await browserCall(browser, 'POST', `/checkout-sessions/${second}/fast-checkout-confirm`, {}),
      'confirm',
    );
    expect(short).toMatchObject({ fastPaid: false });
    expect(ok(await env.test('GET', `/credit-grants/${String(big.id)}`), 'g')).toMatchObject({
      remaining_amount: '500',
    });
    expect(ok(await env.test('GET', `/checkout-sessions/${second}`), 'session')).toMatchObject({
      status: 'open',
    });
  });
});
