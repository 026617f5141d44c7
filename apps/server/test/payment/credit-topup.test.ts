import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import {
  browserCall,
  newSession,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Buying credit on a real anvil chain: a paid checkout of a credit price grants exactly
// credit_amount x quantity (in the credit currency's units) once, however often the payment is
// posted; the buyer then sees the grant in their own list and a credit meter consumes it.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Carol Credit', 'carol@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('credit top-up', () => {
  it('grants credit_amount x quantity once on payment, which a credit meter then consumes', async () => {
    const credit = ok(
      await env.test('POST', '/payment-currencies', {
        body: { payment_method_id: cat.methodId, symbol: 'CRD', name: 'Credits', decimal: 2, type: 'credit' },
      }),
      'credit currency',
    );
    const product = ok(
      await env.test('POST', '/products', { body: { name: 'AI credits', type: 'credit' } }),
      'p',
    );
    const price = ok(
      await env.test('POST', '/prices', {
        body: {
          product_id: product.id,
          currency_id: cat.currencyId,
          unit_amount: '5000000',
          metadata: { credit_config: { credit_amount: '2.5', currency_id: credit.id } },
        },
      }),
      'price',
    );
    const cs = await newSession(env.test, String(price.id), 3);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const answer = submitted.body as unknown as SubmitAnswer;
    const hash = await chain.pay(1, walletRequest(answer));
    const post = () => browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect((await post()).body).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect((await post()).body).toMatchObject({ status: 'complete' });

    // The buyer's own list (the portal's call): one paid grant of 2.5 x 3 = 7.50 credits = 750 units.
    const mine = await browserCall(browser, 'GET', '/credit-grants?livemode=false');
    expect(mine.status).toBe(200);
    const grants = mine.body.data as Array<Record<string, unknown>>;
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      amount: '750',
      remaining_amount: '750',
      category: 'paid',
      status: 'granted',
      currency_id: credit.id,
    });
    const customer = String(grants[0]?.customer_id);

    const eventName = `ai.tokens.${Date.now().toString(36)}`;
    ok(
      await env.test('POST', '/meters', {
        body: { name: 'AI tokens', event_name: eventName, unit: 'token', currency_id: credit.id },
      }),
      'meter',
    );
    const used = ok(
      await env.test('POST', '/meter-events', {
        body: {
          event_name: eventName,
          identifier: `${eventName}-1`,
          payload: { customer_id: customer, value: '120' },
        },
      }),
      'event',
    );
    expect(used).toMatchObject({ credit_consumed: '120', credit_pending: '0' });
    const txs = await browserCall(browser, 'GET', '/credit-transactions?livemode=false');
    expect(txs.body).toMatchObject({ count: 1 });
    expect((txs.body.data as Array<Record<string, unknown>>)[0]).toMatchObject({
      credit_amount: '120',
      remaining_balance: '630',
      meter: { event_name: eventName, unit: 'token' },
    });
    // Another signed-in person sees none of it.
    const other = new TestBrowser(env.server.url);
    await signIn(other, newWallet('Dave Other', 'dave@example.com'));
    const theirs = await browserCall(other, 'GET', `/credit-grants?livemode=false&customer_id=${customer}`);
    expect(theirs.body).toMatchObject({ data: [], count: 0 });
    const one = await browserCall(other, 'GET', `/credit-grants/${String(grants[0]?.id)}?livemode=false`);
    expect(one.status).toBe(404);
  });
});
