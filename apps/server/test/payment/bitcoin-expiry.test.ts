import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentIntents, refunds } from '../../src/db/schema/index.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import { bitcoinCheckout, bitcoinMethod, startBitcoinChain, type BitcoinChain } from './bitcoin-support.js';
import { browserCall } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Expiry of a Bitcoin checkout: a payment seen before the session expired still completes it when it
// confirms (the intent was processing, so expiry left it alone); a payment sent after expiry, within
// the grace, is found on the address, recorded and refunded, and the session stays expired.
let env: PaymentTestEnv;
let chain: BitcoinChain;
let browser: TestBrowser;
let method: { methodId: string; currencyId: string };

const db = () => env.server.server.services.database.db;
const intentRow = async (id: string) =>
  (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
const expire = async (cs: string) => {
  await db()
    .update(checkoutSessions)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(checkoutSessions.id, cs));
  return env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
};

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startBitcoinChain()]);
  method = await bitcoinMethod(env.test, chain, 1);
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Late Larry', 'larry@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('bitcoin checkout expiry', () => {
  it('a payment seen before expiry completes the checkout when it confirms after', async () => {
    const a = await bitcoinCheckout(env.test, browser, method, 90_000n);
    const paid = await chain.wallet.pay(a.address, 90_000n);
    await browserCall(browser, 'POST', `/checkout-sessions/${a.cs}/tx`, { txHash: paid.txid });
    expect((await intentRow(a.intentId))?.status).toBe('processing');
    await expire(a.cs);
    chain.mine();
    await until('the late-confirmed payment', async () =>
      (await intentRow(a.intentId))?.status === 'succeeded' ? true : undefined,
    );
    const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${a.cs}`);
    expect(view.body).toMatchObject({ checkoutSession: { status: 'complete', payment_status: 'paid' } });
  });

  it('a payment sent after expiry is found on the address, recorded and refunded; the session stays expired', async () => {
    const a = await bitcoinCheckout(env.test, browser, method, 95_000n);
    const expired = await expire(a.cs);
    expect(expired.body).toMatchObject({ checkoutSession: { status: 'expired' } });
    expect((await intentRow(a.intentId))?.status).toBe('canceled');
    const paid = await chain.wallet.pay(a.address, 95_000n);
    chain.mine();
    await env.server.server.services.jobs.enqueue('payment:find-unposted', { settleAfterMs: 0 });
    const owed = await until('a refund of the late payment', async () => {
      const rows = await db().select().from(refunds).where(eq(refunds.paymentIntentId, a.intentId));
      return rows.length > 0 ? rows : undefined;
    });
    expect(owed.map((r) => r.amount)).toEqual([95_000n]);
    expect((await intentRow(a.intentId))?.paymentDetails).toMatchObject({ requires_refund: true });
    const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${a.cs}`);
    expect(view.body).toMatchObject({ checkoutSession: { status: 'expired' } });
    expect(paid.txid).toMatch(/^[0-9a-f]{64}$/);
  });
});
