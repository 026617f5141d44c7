import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import { bitcoinCheckout, bitcoinMethod, startBitcoinChain, type BitcoinChain } from './bitcoin-support.js';
import { browserCall } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// While a Bitcoin payment is short of its method's confirmations, the rail's watcher counts them and
// the checkout the page polls says how many: "confirming n/m" comes from the server's status.
let env: PaymentTestEnv;
let chain: BitcoinChain;
let browser: TestBrowser;

interface Retrieved {
  checkoutSession: { status: string };
  paymentIntent?: { status: string; payment_details: Record<string, unknown> | null };
}

const retrieve = async (cs: string) =>
  (await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`)).body as unknown as Retrieved;

/** Waits until the checkout's payment shows `confirmations` of `required`. */
const counted = (cs: string, confirmations: number, required: number) =>
  until(`${confirmations}/${required} confirmations on ${cs}`, async () => {
    const details = (await retrieve(cs)).paymentIntent?.payment_details;
    return details?.confirmations === confirmations && details.confirmations_required === required
      ? details
      : undefined;
  });

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startBitcoinChain()]);
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Connie Confirm', 'connie@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('bitcoin checkout: confirming n/m', () => {
  it('counts 0/2 in the mempool, 1/2 after a block, and is paid at 2 without the count of the wait', async () => {
    const method = await bitcoinMethod(env.test, chain, 2);
    const checkout = await bitcoinCheckout(env.test, browser, method, 30_000n);
    const paid = await chain.wallet.pay(checkout.address, 30_000n);
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${checkout.cs}/tx`, {
      txHash: paid.txid,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    await counted(checkout.cs, 0, 2);
    chain.mine();
    await counted(checkout.cs, 1, 2);
    expect((await retrieve(checkout.cs)).paymentIntent?.status).toBe('processing');
    chain.mine();
    const done = await until('the checkout paid', async () => {
      const view = await retrieve(checkout.cs);
      return view.checkoutSession.status === 'complete' ? view : undefined;
    });
    expect(done.paymentIntent?.status).toBe('succeeded');
    // Paid: the count of the wait is gone; the confirmations it was paid with stay recorded.
    expect(done.paymentIntent?.payment_details).toMatchObject({
      type: 'bitcoin',
      tx_hash: paid.txid,
      confirmations: 2,
    });
    expect(done.paymentIntent?.payment_details).not.toHaveProperty('confirmations_required');
  }, 60_000);
});
