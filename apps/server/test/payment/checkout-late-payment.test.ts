import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, invoices, paymentIntents, railTransactions, refunds } from '../../src/db/schema/index.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  browserCall,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { transfersOnChain } from './refund-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// A late payment to a replaced intent: the buyer's wallet signed a transfer for the submitted total,
// then the buyer changed the cart (that intent is canceled) and the transfer arrives anyway. The money
// must not vanish: it is recorded against the canceled intent with a refund to its payer, which the
// server sends from its hot wallet exactly once; it never completes the checkout, which only the
// replacing intent's payment does.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let merchant: string;
let cat: Catalog;
let slow: Catalog;
let hot: string;
const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '4000000');
  slow = await seedChainCatalog(env.test, chain, merchant, 3, '4000000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
  // Refunds are paid from the hot wallet: it holds TUSD and gas money.
  hot = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(hot, 10n ** 20n);
  await chain.sendToken(6, token(), hot, 100_000_000n);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function adjustableSession(c: Catalog): Promise<string> {
  const res = await env.test('POST', '/checkout-sessions', {
    body: {
      line_items: [
        { price_id: c.priceId, quantity: 1, adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 } },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}

async function submit(cs: string, c: Catalog): Promise<SubmitAnswer> {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubmitAnswer;
}

const adjust = (cs: string, c: Catalog, quantity: number) =>
  browserCall(browser, 'PUT', `/checkout-sessions/${cs}/adjust-quantity`, { itemId: c.priceId, quantity });
const postTx = (cs: string, txHash: string) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });

async function session(cs: string) {
  const res = await env.test('GET', `/checkout-sessions/${cs}`);
  return res.body as { status: string; payment_status: string; invoice_id: string | null };
}

const refundsSentTo = (to: string) => transfersOnChain(chain, token(), hot, to);

async function settledRefund(intentId: string) {
  return until('refund sent and settled', async () => {
    const [row] = await db().select().from(refunds).where(eq(refunds.paymentIntentId, intentId));
    return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
  });
}

async function intent(id: string) {
  const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

describe('a transfer for an intent the buyer replaced', () => {
  it('is recorded for a refund, never completes the checkout; the new intent still pays it', async () => {
    const cs = await adjustableSession(cat);
    const first = await submit(cs, cat);
    expect((await adjust(cs, cat, 2)).status).toBe(200);
    expect((await intent(first.paymentIntent.id))?.status).toBe('canceled');
    // The wallet had already signed the 4 TUSD transfer for the first intent; it is mined now.
    const payer = chain.address(1);
    const hash = await chain.pay(1, walletRequest(first));

    const posted = await postTx(cs, hash);
    expect(posted.status).toBe(400);
    expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });
    expect(posted.body.error?.message).toMatch(/refunded/);
    expect(await session(cs)).toMatchObject({ status: 'open', payment_status: 'unpaid', invoice_id: null });

    // The money is on record: against the canceled intent, which needs a refund to its payer.
    const late = await intent(first.paymentIntent.id);
    expect(late).toMatchObject({ status: 'canceled', amountReceived: 4_000_000n });
    expect(late?.paymentDetails).toMatchObject({
      requires_refund: true,
      late_payments: [{ tx_hash: hash.toLowerCase(), amount: '4000000' }],
    });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, first.paymentIntent.id));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amount: 4_000_000n, currencyId: cat.currencyId });
    expect(owed[0]?.metadata).toMatchObject({ tx_hash: hash.toLowerCase(), refund_to: payer });
    // The refund is sent on chain, once: the payer gets the 4 TUSD back from the hot wallet.
    const sent = await settledRefund(first.paymentIntent.id);
    expect(sent).toMatchObject({ status: 'succeeded', network: `eip155:${chain.demo.chainId}` });
    expect(await refundsSentTo(payer)).toEqual([{ hash: sent.txRef, amount: 4_000_000n }]);
    const moves = await db().select().from(events).where(eq(events.objectId, sent.id));
    expect(moves.map((e) => e.type).sort()).toEqual([
      'refund.created',
      'refund.succeeded',
      'refund.updated',
      'refund.updated',
    ]);
    const recorded = await db()
      .select()
      .from(railTransactions)
      .where(eq(railTransactions.txHash, hash.toLowerCase()));
    expect(recorded.map((r) => r.reference)).toEqual([first.paymentIntent.id]);

    // Posting it again (or after submitting anew) answers the same, and records nothing twice.
    const second = await submit(cs, cat);
    expect(second.paymentIntent.amount).toBe('8000000');
    const again = await postTx(cs, hash);
    expect(again.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });
    expect(
      await db().select().from(refunds).where(eq(refunds.paymentIntentId, first.paymentIntent.id)),
    ).toHaveLength(1);
    expect((await intent(first.paymentIntent.id))?.amountReceived).toBe(4_000_000n);
    expect(await refundsSentTo(payer)).toHaveLength(1);
    expect(await session(cs)).toMatchObject({ status: 'open', invoice_id: null });

    // Paying the new total completes the checkout with an invoice for exactly that payment.
    const paid = await postTx(cs, await chain.pay(2, walletRequest(second)));
    expect(paid.body).toMatchObject({ status: 'complete' });
    const done = await session(cs);
    const [bill] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, done.invoice_id ?? ''));
    expect(bill).toMatchObject({
      status: 'paid',
      total: 8_000_000n,
      amountPaid: 8_000_000n,
      paymentIntentId: second.paymentIntent.id,
    });
  });

  it('a late transfer still waiting for confirmations is watched and recorded when confirmed', async () => {
    const cs = await adjustableSession(slow);
    const first = await submit(cs, slow);
    expect((await adjust(cs, slow, 3)).status).toBe(200);
    const second = await submit(cs, slow);
    const before = await chain.tokenBalance(token(), merchant);
    const hash = await chain.pay(3, walletRequest(first));
    const posted = await postTx(cs, hash);
    expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });
    expect(
      await db().select().from(refunds).where(eq(refunds.paymentIntentId, first.paymentIntent.id)),
    ).toEqual([]);
    await chain.mine(3);
    const [owed] = await until('late transfer recorded by the watcher', async () => {
      const rows = await db()
        .select()
        .from(refunds)
        .where(eq(refunds.paymentIntentId, first.paymentIntent.id));
      return rows.length > 0 ? rows : undefined;
    });
    expect(owed).toMatchObject({ amount: 4_000_000n });
    expect(await chain.tokenBalance(token(), merchant)).toBe(before + 4_000_000n);
    // Sent once the hot wallet's transaction has its confirmations (3 on this method).
    await until('refund sent', async () => ((await refundsSentTo(chain.address(3))).length ? 1 : undefined));
    await chain.mine(3);
    expect(await settledRefund(first.paymentIntent.id)).toMatchObject({ status: 'succeeded' });
    expect(await refundsSentTo(chain.address(3))).toHaveLength(1);
    expect(await intent(first.paymentIntent.id)).toMatchObject({
      status: 'canceled',
      amountReceived: 4_000_000n,
    });
    // The checkout is untouched: its current intent still waits for the new total.
    expect(await intent(second.paymentIntent.id)).toMatchObject({ status: 'requires_action' });
    expect(await session(cs)).toMatchObject({ status: 'open', payment_status: 'unpaid', invoice_id: null });
  });

  it('arriving after the new intent completed the checkout, it is still recorded for a refund', async () => {
    const cs = await adjustableSession(cat);
    const first = await submit(cs, cat);
    expect((await adjust(cs, cat, 2)).status).toBe(200);
    const second = await submit(cs, cat);
    const paid = await postTx(cs, await chain.pay(4, walletRequest(second)));
    expect(paid.body).toMatchObject({ status: 'complete' });
    // The old transfer, stuck until now, arrives: the buyer has paid twice.
    const hash = await chain.pay(5, walletRequest(first));
    const posted = await postTx(cs, hash);
    expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, first.paymentIntent.id));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amount: 4_000_000n });
    expect(owed[0]?.metadata).toMatchObject({ refund_to: chain.address(5) });
    expect(await settledRefund(first.paymentIntent.id)).toMatchObject({ status: 'succeeded' });
    expect(await refundsSentTo(chain.address(5))).toHaveLength(1);
    const bills = await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ paymentIntentId: second.paymentIntent.id, amountPaid: 8_000_000n });
  });
});
