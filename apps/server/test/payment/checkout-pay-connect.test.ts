import path from 'node:path';
import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet, loadOrCreateKey } from '@payshelf/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { browserCall, newSession, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The DID Connect `checkout` action: the wallet signs the EVM transfer, the server broadcasts it.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let userDid: string;
let merchant: string;
let cat: Catalog;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv({ DEV_WALLET: '1' }), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  browser = new TestBrowser(env.server.url);
  userDid = (await signIn(browser, newWallet('Carl Connect', 'carl@example.com'))).did;
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function connectToken(cs: string) {
  const res = await browser.post('/api/did/checkout/token', {
    checkoutSessionId: cs,
    sessionUserDid: userDid,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; url: string };
}

describe('checkout through DID Connect', () => {
  it('the wallet signs the transfer, the server broadcasts it and the session completes', async () => {
    const key = fromRandom();
    const wallet = new HeadlessWallet(key, {
      profile: { fullName: 'Carl Connect', email: 'carl@example.com' },
      answerers: { signature: evmSignatureAnswerer },
    });
    const payer = evmAccountOf(key).address;
    await chain.setEth(payer, 10n ** 18n);
    await chain.sendToken(1, chain.tusd.contract ?? '', payer, 5_000_000n);

    const cs = await newSession(env.test, cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status).toBe(200);
    const { token, url } = await connectToken(cs);
    const result = await wallet.approve(url);
    expect(result.steps).toEqual([['authPrincipal'], ['signature']]);
    expect(result.response).toMatchObject({ checkoutSessionId: cs, status: 'complete' });
    expect((await browser.status(token, 'checkout')).body).toMatchObject({ status: 'succeed' });
    const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
    expect(view.body).toMatchObject({
      checkoutSession: { status: 'complete', payment_status: 'paid' },
      paymentIntent: { status: 'succeeded', payment_details: { payer } },
    });
    expect(await chain.tokenBalance(chain.tusd.contract ?? '', merchant)).toBe(5_000_000n);
  });

  it('refuses a session that was not submitted, with a message for the wallet', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const { url } = await connectToken(cs);
    const wallet = new HeadlessWallet(fromRandom(), { answerers: { signature: evmSignatureAnswerer } });
    await expect(wallet.approve(url)).rejects.toThrow('Submit the checkout first');
  });

  it('the test wallet (DEV_WALLET=1) pays through dev-approve with its derived EVM account', async () => {
    const file = path.join(env.server.server.services.config.dataDir, 'secrets', 'dev-wallet.json');
    const payer = evmAccountOf((await loadOrCreateKey(file)).wallet).address;
    await chain.setEth(payer, 10n ** 18n);
    await chain.sendToken(2, chain.tusd.contract ?? '', payer, 5_000_000n);
    const cs = await newSession(env.test, cat.priceId);
    expect(
      (await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat))).status,
    ).toBe(200);
    const { token } = await connectToken(cs);
    const approved = await browser.post('/api/did/checkout/dev-approve', { token });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
    expect(view.body).toMatchObject({ checkoutSession: { status: 'complete' } });
  });
});
