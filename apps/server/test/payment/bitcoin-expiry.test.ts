import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentIntents, refunds } from '../../src/db/schema/index.js';
import { accountXpubOf } from '../../src/rails/bitcoin/keys.js';
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
  [env, chain] = await Promise.all([startPaymentEnv({ DEV_WALLET: '1' }), startBitcoinChain()]);
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

describe('a Bitcoin method is checked before it is saved', () => {
  it('refuses a key of another network, a private key and an API that does not answer, saying why', async () => {
    const create = (bitcoin: Record<string, unknown>) =>
      env.test('POST', '/payment-methods', {
        body: { type: 'bitcoin', name: 'Checked', settings: { bitcoin: { network: 'regtest', ...bitcoin } } },
      });
    const mainnetKey = accountXpubOf(new Uint8Array(32).fill(3), 'mainnet');
    const wrongNetwork = await create({ xpub: mainnetKey, api_host: chain.esplora.url });
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.error).toMatchObject({ code: 'rail_misconfigured', param: 'settings.bitcoin' });
    expect(wrongNetwork.body.error?.message).toContain('vpub');
    const privateKey = await create({ xpub: 'vprv9DMUxX4ShgxMM7L5vcwxZR', api_host: chain.esplora.url });
    expect(privateKey.body.error?.message).toContain('private');
    const silent = await create({ xpub: chain.xpub, api_host: 'http://127.0.0.1:9/api' });
    expect(silent.status).toBe(400);
    expect(silent.body.error?.message).toContain('Esplora');
    const fine = await create({ xpub: chain.xpub, api_host: chain.esplora.url });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });
});

describe('pay with test wallet', () => {
  it('pays a submitted Bitcoin checkout from the test wallet and completes it once mined', async () => {
    const a = await bitcoinCheckout(env.test, browser, method, 33_000n);
    const res = await browserCall(browser, 'POST', `/checkout-sessions/${a.cs}/test-wallet`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await intentRow(a.intentId);
    expect(row?.status).toBe('processing');
    const txid = String(row?.paymentDetails?.tx_hash);
    const sent = await chain.client.tx(txid);
    expect(sent?.vout.find((o) => o.scriptpubkey_address === a.address)?.value).toBe(33_000);
    chain.mine();
    await until('the test wallet payment', async () =>
      (await intentRow(a.intentId))?.status === 'succeeded' ? true : undefined,
    );
    // Nothing left to pay: a second press is refused, not paid twice.
    const again = await browserCall(browser, 'POST', `/checkout-sessions/${a.cs}/test-wallet`);
    expect(again.status).toBe(400);
  });
});
