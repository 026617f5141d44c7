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
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// A paid invoice records the explorer page of its transaction when the method names an explorer, and
// none when it does not (a local chain such as the demo's anvil has no explorer).
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;

/** Pays one session of the catalog's price with the browser wallet; answers the hash and the invoice. */
async function payOnce(): Promise<{ hash: string; details: Record<string, unknown> }> {
  const cs = await newSession(env.test, cat.priceId);
  const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const hash = await chain.pay(1, walletRequest(submitted.body as unknown as SubmitAnswer));
  const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
  expect(posted.body).toMatchObject({ status: 'complete', payment_status: 'paid' });
  const invoice = await env.test('GET', `/invoices/${String(posted.body.invoice_id)}`);
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  const metadata = invoice.body.metadata as { payment_details: Record<string, unknown> };
  return { hash: hash.toLowerCase(), details: metadata.payment_details };
}

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

describe('the explorer link of a paid invoice', () => {
  it('is recorded from the method’s explorer_host, and left out once the method has none', async () => {
    const linked = await payOnce();
    expect(linked.details).toMatchObject({
      tx_hash: linked.hash,
      explorer_url: `https://explorer.example/tx/${linked.hash}`,
    });

    const method = await env.test('GET', `/payment-methods/${cat.methodId}`);
    const withoutExplorer = { ...(method.body.settings as { ethereum: Record<string, unknown> }).ethereum };
    delete withoutExplorer.explorer_host;
    const updated = await env.test('PUT', `/payment-methods/${cat.methodId}`, {
      body: { settings: { ethereum: withoutExplorer } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.settings).toEqual({ ethereum: withoutExplorer });

    const plain = await payOnce();
    expect(plain.details).toMatchObject({ tx_hash: plain.hash });
    expect(plain.details).not.toHaveProperty('explorer_url');
  });
});
