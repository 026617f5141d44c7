import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts, paymentIntents, refunds } from '../../src/db/schema/index.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
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
import { transfersOnChain } from './refund-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// An underpaid transfer to a live intent: made for the payment (its reference tag) but for less than
// the frozen amount. It pays nothing, is recorded with what it paid, and is refunded to its sender
// exactly once; the intent keeps asking for the whole amount with the error `underpaid`, and paying
// the full amount still completes the checkout.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let merchant: string;
let hot: string;
let cat: Catalog;
let slow: Catalog;
const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '5000000');
  slow = await seedChainCatalog(env.test, chain, merchant, 3, '5000000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Uma Under', 'uma@example.com'));
  hot = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(hot, 10n ** 20n);
  await chain.sendToken(6, token(), hot, 100_000_000n);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('a transfer for less than the intent', () => {
  it('is recorded, refunded once, and the intent still asks for the full amount', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status).toBe(200);
    const answer = submitted.body as unknown as SubmitAnswer;
    const intentId = answer.paymentIntent.id;
    const payer = chain.address(2);
    const short = await chain.sendTokenFor(intentId, 2, token(), merchant, 3_000_000n);

    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: short });
    expect(posted.status).toBe(400);
    expect(posted.body.error).toMatchObject({ code: 'underpaid' });
    expect(posted.body.error?.message).toMatch(/paid 3 TUSD of the 5 TUSD due.*refunded/);

    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    expect(intent).toMatchObject({ status: 'requires_action', amount: 5_000_000n });
    expect(intent?.lastPaymentError).toMatchObject({ code: 'underpaid' });
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, intentId));
    expect(attempts).toMatchObject([
      { txRef: short.toLowerCase(), amount: 3_000_000n, status: 'failed', error: 'underpaid' },
    ]);
    const session = await env.test('GET', `/checkout-sessions/${cs}`);
    expect(session.body).toMatchObject({ status: 'open', payment_status: 'unpaid', invoice_id: null });

    // The money goes back to its sender, once, even when the hash is posted again.
    const again = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: short });
    expect(again.body.error).toMatchObject({ code: 'underpaid' });
    const refund = await until('refund settled', async () => {
      const rows = await db().select().from(refunds).where(eq(refunds.paymentIntentId, intentId));
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({
      amount: 3_000_000n,
      metadata: { cause: 'underpaid', refund_to: payer },
    });
    expect(await transfersOnChain(chain, token(), hot, payer)).toEqual([
      { hash: refund[0]?.txRef, amount: 3_000_000n },
    ]);

    // Paying the full amount completes the checkout.
    const paid = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, {
      txHash: await chain.pay(3, walletRequest(answer)),
    });
    expect(paid.body).toMatchObject({ status: 'complete' });
  });

  it('posted before its confirmations, it is refunded once the watcher sees it confirmed', async () => {
    const cs = await newSession(env.test, slow.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(slow));
    const intentId = (submitted.body as unknown as SubmitAnswer).paymentIntent.id;
    const short = await chain.sendTokenFor(intentId, 5, token(), merchant, 2_000_000n);
    // Too early to tell: the page sees the payment in progress.
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: short });
    expect(posted.status).toBe(200);
    await chain.mine(3);
    const [intent] = await until('the watcher found it short', async () => {
      const rows = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
      return rows[0]?.lastPaymentError ? rows : undefined;
    });
    expect(intent).toMatchObject({ status: 'requires_action', lastPaymentError: { code: 'underpaid' } });
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentIntentId, intentId));
    expect(refund).toMatchObject({ amount: 2_000_000n, metadata: { refund_to: chain.address(5) } });
    const session = await env.test('GET', `/checkout-sessions/${cs}`);
    expect(session.body).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it('answers in Chinese for locale=zh', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    const intentId = (submitted.body as unknown as SubmitAnswer).paymentIntent.id;
    const short = await chain.sendTokenFor(intentId, 4, token(), merchant, 1_000_000n);
    const res = await browser.request(`/payment/api/checkout-sessions/${cs}/tx?locale=zh`, {
      method: 'POST',
      body: JSON.stringify({ txHash: short }),
    });
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('underpaid');
    expect(body.error.message).toContain('这笔转账只支付了应付 5 TUSD 中的 1 TUSD');
  });
});
