import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_UNPOSTED_TASK } from '../../src/payment/flows/find-unposted.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
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

// The browser wallet sent the transfer and the page died before posting its hash: the payment must
// still be found. The find-unposted job scans the chain for transfers to the merchant naming a waiting
// intent and accepts them as a post would (same checks against the frozen amount and asset).
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let merchant: string;
let cat: Catalog;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '2000000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Pia Page', 'pia@example.com'));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function submitted(c: Catalog = cat): Promise<{ cs: string; answer: SubmitAnswer }> {
  const cs = await newSession(env.test, c.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c));
  expect(res.status).toBe(200);
  return { cs, answer: res.body as unknown as SubmitAnswer };
}

const status = async (cs: string) =>
  (await env.test('GET', `/checkout-sessions/${cs}`)).body as { status: string; invoice_id: string | null };

const runScan = () => env.server.server.services.jobs.enqueue(FIND_UNPOSTED_TASK, { settleAfterMs: 0 });

describe('a browser-wallet transfer whose hash was never posted', () => {
  it('is found on the chain and completes its checkout; an untagged transfer completes nothing', async () => {
    const paid = await submitted();
    const other = await submitted();
    // The page of `paid` sent the wallet's transfer and died; nobody posts the hash.
    await chain.pay(2, walletRequest(paid.answer));
    // A plain transfer of the right amount that names no payment: nobody can tell whose it is.
    await chain.sendToken(3, chain.tusd.contract ?? '', merchant, 2_000_000n);
    expect((await status(paid.cs)).status).toBe('open');

    await runScan();
    await until('the unposted payment completes its checkout', async () =>
      (await status(paid.cs)).status === 'complete' ? true : undefined,
    );
    expect((await status(paid.cs)).invoice_id).toBeTruthy();
    // Scanning again changes nothing; the other checkout is still waiting for its own payment.
    await runScan();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await status(other.cs)).status).toBe('open');
  });
});

/** The same method paid in its native coin (ETH, no contract): a price of 0.002 ETH. */
async function ethCatalog(): Promise<Catalog> {
  const currency = await env.test('POST', '/payment-currencies', {
    body: { payment_method_id: cat.methodId, symbol: 'ETH', name: 'Ether', decimal: 18 },
  });
  expect(currency.status, JSON.stringify(currency.body)).toBe(200);
  const product = await env.test('POST', '/products', { body: { name: 'Native book' } });
  const price = await env.test('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currency.body.id, unit_amount: '2000000000000000' },
  });
  expect(price.status, JSON.stringify(price.body)).toBe(200);
  return { ...cat, currencyId: String(currency.body.id), priceId: String(price.body.id) };
}

describe('a native-coin (ETH) transfer whose hash was never posted', () => {
  it('is found in the blocks by its reference tag; an untagged ETH transfer completes nothing', async () => {
    const eth = await ethCatalog();
    const paid = await submitted(eth);
    const other = await submitted(eth);
    expect(paid.answer.paymentTarget.token).toBeNull();
    // The wallet sends the ETH with the payment's tag as its data; the page dies before posting.
    await chain.pay(4, walletRequest(paid.answer));
    // The right amount of ETH with no data: it names no payment, so it pays none.
    await chain.sendEth(5, merchant, 2_000_000_000_000_000n);
    await chain.mine(2);
    expect((await status(paid.cs)).status).toBe('open');

    await runScan();
    await until('the unposted ETH payment completes its checkout', async () =>
      (await status(paid.cs)).status === 'complete' ? true : undefined,
    );
    expect((await status(paid.cs)).invoice_id).toBeTruthy();
    await runScan();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await status(other.cs)).status).toBe('open');
  });
});
