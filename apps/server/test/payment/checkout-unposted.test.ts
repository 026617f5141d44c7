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

async function submitted(): Promise<{ cs: string; answer: SubmitAnswer }> {
  const cs = await newSession(env.test, cat.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
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
