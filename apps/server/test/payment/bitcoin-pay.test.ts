import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents, refunds } from '../../src/db/schema/index.js';
import { TestBitcoinWallet } from '../../src/rails/bitcoin/test-wallet.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  bitcoinCheckout,
  bitcoinMethod,
  merchantSigns,
  startBitcoinChain,
  type BitcoinChain,
} from './bitcoin-support.js';
import { browserCall } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The Bitcoin rail end to end over the HTTP API on the local regtest chain: a fresh address per
// payment, mempool -> processing, confirmations -> succeeded, underpaid refunded, overpaid kept,
// a transaction never counting for two payments, RBF replacements and reorgs followed.
let env: PaymentTestEnv;
let chain: BitcoinChain;
let browser: TestBrowser;
let one: { methodId: string; currencyId: string };
let two: { methodId: string; currencyId: string };

const db = () => env.server.server.services.database.db;
const intentRow = async (id: string) =>
  (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
const sessionOf = async (cs: string) => {
  const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return view.body.checkoutSession as { status: string; payment_status: string };
};
const completed = (cs: string) =>
  until(`checkout ${cs} complete`, async () =>
    (await sessionOf(cs)).status === 'complete' ? true : undefined,
  );
const post = (cs: string, txHash: string) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startBitcoinChain()]);
  one = await bitcoinMethod(env.test, chain, 1);
  two = await bitcoinMethod(env.test, chain, 2);
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Satoshi Buyer', 'satoshi@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('bitcoin checkout', () => {
  it('pays: a fresh address per payment, seen in the mempool -> processing, one confirmation -> paid', async () => {
    const a = await bitcoinCheckout(env.test, browser, one, 150_000n);
    const b = await bitcoinCheckout(env.test, browser, one, 150_000n);
    expect(a.address).toMatch(/^bcrt1q/);
    expect(b.address).not.toBe(a.address);
    expect(a.uri).toBe(`bitcoin:${a.address}?amount=0.0015`);
    const paid = await chain.wallet.pay(a.address, 150_000n);
    const posted = await post(a.cs, paid.txid);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect((await intentRow(a.intentId))?.status).toBe('processing');
    chain.mine();
    await completed(a.cs);
    const row = await intentRow(a.intentId);
    expect(row).toMatchObject({ status: 'succeeded', amountReceived: 150_000n });
    expect(row?.paymentDetails).toMatchObject({ type: 'bitcoin', tx_hash: paid.txid, recipient: a.address });
  });

  it('finds a payment no page posted (any wallet scanning the QR code) and refuses it for another payment', async () => {
    const a = await bitcoinCheckout(env.test, browser, one, 20_000n);
    const b = await bitcoinCheckout(env.test, browser, one, 20_000n);
    const paid = await chain.wallet.pay(a.address, 20_000n);
    // The same transaction posted for another checkout pays nothing there.
    const replay = await post(b.cs, paid.txid);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: { code: 'wrong_reference' } });
    chain.mine();
    await env.server.server.services.jobs.enqueue('payment:find-unposted', { settleAfterMs: 0 });
    await completed(a.cs);
    expect((await sessionOf(b.cs)).status).toBe('open');
    expect((await intentRow(a.intentId))?.paymentDetails).toMatchObject({ tx_hash: paid.txid });
  });

  it('underpaid: the short payment is recorded for a refund and the intent asks again; overpaid completes', async () => {
    const short = await bitcoinCheckout(env.test, browser, one, 50_000n);
    const paid = await chain.wallet.pay(short.address, 30_000n);
    expect((await post(short.cs, paid.txid)).status).toBe(200);
    chain.mine();
    const row = await until('underpaid intent', async () => {
      const r = await intentRow(short.intentId);
      return r?.status === 'requires_action' ? r : undefined;
    });
    expect(row.lastPaymentError).toMatchObject({ code: 'underpaid' });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, short.intentId));
    expect(owed.map((r) => r.amount)).toEqual([30_000n]);
    expect((await sessionOf(short.cs)).status).toBe('open');

    const over = await bitcoinCheckout(env.test, browser, one, 40_000n);
    const more = await chain.wallet.pay(over.address, 45_000n);
    await post(over.cs, more.txid);
    chain.mine();
    await completed(over.cs);
    expect(await intentRow(over.intentId)).toMatchObject({ status: 'succeeded', amountReceived: 45_000n });
  });

  it('follows a replace-by-fee replacement to the same address', async () => {
    const a = await bitcoinCheckout(env.test, browser, one, 60_000n);
    const first = await chain.wallet.pay(a.address, 60_000n, { rbf: true });
    expect((await post(a.cs, first.txid)).status).toBe(200);
    const second = await chain.wallet.pay(a.address, 60_000n, {
      spend: TestBitcoinWallet.inputsOf(first.hex),
      fee: 20_000n,
    });
    expect(await chain.client.tx(first.txid)).toBeNull();
    chain.mine();
    await completed(a.cs);
    expect((await intentRow(a.intentId))?.paymentDetails).toMatchObject({ tx_hash: second.txid });
  });

  it('reorg: a payment confirmed once (of two) whose block vanishes waits in processing, then completes', async () => {
    const a = await bitcoinCheckout(env.test, browser, two, 70_000n);
    const paid = await chain.wallet.pay(a.address, 70_000n);
    await post(a.cs, paid.txid);
    chain.mine();
    expect(await chain.client.txStatus(paid.txid)).toMatchObject({ confirmed: true });
    await chain.invalidate(1);
    expect(await chain.client.txStatus(paid.txid)).toEqual({ confirmed: false });
    chain.mine();
    // One confirmation again: still processing.
    expect((await intentRow(a.intentId))?.status).toBe('processing');
    chain.mine();
    await completed(a.cs);
    expect((await intentRow(a.intentId))?.paymentDetails).toMatchObject({ tx_hash: paid.txid });
  });
});

describe('bitcoin refunds: a PSBT the merchant signs', () => {
  it('hands the admin a PSBT for a short payment, takes the signed one, sends it and settles the refund', async () => {
    const short = await bitcoinCheckout(env.test, browser, one, 100_000n);
    const paid = await chain.wallet.pay(short.address, 60_000n);
    await post(short.cs, paid.txid);
    chain.mine();
    const [refund] = await until('the refund of the short payment', async () => {
      const rows = await db().select().from(refunds).where(eq(refunds.paymentIntentId, short.intentId));
      return rows.length > 0 ? rows : undefined;
    });
    expect(refund).toMatchObject({ status: 'pending', amount: 60_000n });
    const payer = refund?.metadata?.refund_to as string;
    expect(payer).toBe(chain.wallet.address);

    const unsigned = await env.test('GET', `/refunds/${refund?.id}/psbt`);
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(200);
    const body = unsigned.body as { psbt: string; fee: string; to: string };
    expect(body.to).toBe(payer);
    // An unsigned PSBT is refused (nothing signed, nothing sent); so is a stranger's signature.
    const refused = await env.test('POST', `/refunds/${refund?.id}/signed`, { body: { signed: body.psbt } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_transaction' } });

    const signed = merchantSigns(body.psbt, chain.merchantSeed);
    const sent = await env.test('POST', `/refunds/${refund?.id}/signed`, { body: { signed } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const txid = (sent.body as { tx_hash: string }).tx_hash;
    expect(sent.body).toMatchObject({ status: 'processing' });
    await until('the refund broadcast', async () => ((await chain.client.tx(txid)) ? true : undefined));
    const back = await chain.client.tx(txid);
    expect(back?.vout.find((o) => o.scriptpubkey_address === payer)?.value).toBe(60_000 - Number(body.fee));
    chain.mine();
    await until('the refund settled', async () => {
      const [row] = await db()
        .select()
        .from(refunds)
        .where(eq(refunds.id, refund?.id ?? ''));
      return row?.status === 'succeeded' ? true : undefined;
    });
  });
});
