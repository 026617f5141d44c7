import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  events,
  paymentAttempts,
  paymentIntents,
  railTransactions,
  refunds,
} from '../../src/db/schema/index.js';
import { FIND_UNPOSTED_TASK } from '../../src/payment/flows/find-unposted.js';
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

// A second transfer for a checkout already paid (a stale page or a second tab sent the payment again
// and posts its hash): the money must not stay with the merchant. It is verified as any transfer,
// recorded against the paid intent and refunded to its sender from the hot wallet exactly once; the
// answer says the payment was already made. A transfer made for another payment is still refused.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;
let slow: Catalog;
let hot: string;
const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress(), 1, '4000000');
  slow = await seedChainCatalog(env.test, chain, chain.freshAddress(), 3, '4000000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Tab Twice', 'tab@example.com'));
  hot = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(hot, 10n ** 20n);
  await chain.sendToken(6, token(), hot, 100_000_000n);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function submitted(c: Catalog = cat): Promise<{ cs: string; answer: SubmitAnswer }> {
  const cs = await newSession(env.test, c.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { cs, answer: res.body as unknown as SubmitAnswer };
}

const postTx = (cs: string, txHash: string) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });

const refundsOf = (intentId: string) =>
  db().select().from(refunds).where(eq(refunds.paymentIntentId, intentId));

describe('a second transfer for a checkout already paid', () => {
  it('is refunded to its sender once; posting it again does nothing more', async () => {
    const { cs, answer } = await submitted();
    const payer = chain.address(1);
    const paid = await postTx(cs, await chain.pay(1, walletRequest(answer)));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'complete' });

    // The stale tab sends the same payment again and posts it.
    const second = await chain.pay(1, walletRequest(answer));
    const posted = await postTx(cs, second);
    expect(posted.status).toBe(400);
    expect(posted.body.error).toMatchObject({ code: 'payment_already_made' });
    expect(posted.body.error?.message).toMatch(/refunded/);
    const zh = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx?locale=zh`, {
      txHash: second,
    });
    expect(zh.body.error?.message).toMatch(/退还/);

    // Recorded against the paid intent, which stays paid with what paid it.
    const intentId = answer.paymentIntent.id;
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: 4_000_000n });
    expect(intent?.paymentDetails).toMatchObject({
      requires_refund: true,
      extra_payments: [{ tx_hash: second.toLowerCase(), amount: '4000000' }],
    });
    const sent = await until('refund sent and settled', async () => {
      const [row] = await refundsOf(intentId);
      return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
    });
    expect(sent).toMatchObject({ status: 'succeeded', amount: 4_000_000n });
    expect(sent.metadata).toMatchObject({
      cause: 'payment_already_made',
      tx_hash: second.toLowerCase(),
      refund_to: payer,
    });
    expect(await transfersOnChain(chain, token(), hot, payer)).toEqual([
      { hash: sent.txRef, amount: 4_000_000n },
    ]);
    const noted = await db().select().from(events).where(eq(events.objectId, intentId));
    expect(noted.map((e) => e.type)).toContain('payment_intent.requires_refund');

    // Visible to the customer (portal) and the merchant (admin list).
    const mine = await browserCall(browser, 'GET', '/portal/refunds?livemode=false');
    expect(JSON.stringify(mine.body)).toContain(sent.id);
    const listed = await env.test('GET', '/refunds');
    expect(JSON.stringify(listed.body)).toContain(sent.id);

    // Posting it again (or the paying one) changes nothing more.
    const again = await postTx(cs, second);
    expect(again.body.error).toMatchObject({ code: 'payment_already_made' });
    const first = String((intent?.paymentDetails as { tx_hash?: string }).tx_hash);
    expect((await postTx(cs, first)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await transfersOnChain(chain, token(), hot, payer)).toHaveLength(1);
  });

  it('refuses a transfer made for another payment, recording nothing', async () => {
    const mine = await submitted();
    // Pay the session, then post the other session's transfer to it.
    const { cs: paidCs, answer } = await submitted();
    expect((await postTx(paidCs, await chain.pay(3, walletRequest(answer)))).status).toBe(200);
    const other = await chain.pay(3, walletRequest(mine.answer));
    const posted = await postTx(paidCs, other);
    expect(posted.status).toBe(400);
    expect(posted.body.error?.code).toBe('wrong_reference');
    expect(await refundsOf(answer.paymentIntent.id)).toHaveLength(0);
    const claimed = await db()
      .select()
      .from(railTransactions)
      .where(eq(railTransactions.txHash, other.toLowerCase()));
    expect(claimed).toHaveLength(0);
    // A hash the chain does not know is refused too, and nothing is recorded or watched for it.
    const unknown = await postTx(paidCs, `0x${'5a'.repeat(32)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.code).toBe('not_found');
    const tried = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, answer.paymentIntent.id));
    expect(tried).toHaveLength(1);
    // Its own session still takes it.
    expect((await postTx(mine.cs, other)).status).toBe(200);
  });
});

describe('a second transfer for a paid checkout that nobody posts', () => {
  it('is found on the chain by the unposted-transfer scan and refunded once', async () => {
    const { cs, answer } = await submitted();
    const payer = chain.address(4);
    const before = await transfersOnChain(chain, token(), hot, payer);
    expect((await postTx(cs, await chain.pay(4, walletRequest(answer)))).status).toBe(200);
    // The second tab paid again and closed before posting.
    const second = await chain.pay(4, walletRequest(answer));
    const scan = () => env.server.server.services.jobs.enqueue(FIND_UNPOSTED_TASK, { settleAfterMs: 0 });
    await scan();
    const sent = await until('the unposted second transfer is refunded', async () => {
      const [row] = await refundsOf(answer.paymentIntent.id);
      return row?.status === 'succeeded' ? row : undefined;
    });
    expect(sent.metadata).toMatchObject({ tx_hash: second.toLowerCase(), refund_to: payer });
    await scan();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await refundsOf(answer.paymentIntent.id)).toHaveLength(1);
    expect(await transfersOnChain(chain, token(), hot, payer)).toHaveLength(before.length + 1);
  });
});

describe('two transfers for one checkout in flight at once (two tabs)', () => {
  it('the first to confirm pays, the other is refunded once when it confirms', async () => {
    const { cs, answer } = await submitted(slow);
    const payer = chain.address(5);
    const before = await transfersOnChain(chain, token(), hot, payer);
    // Both tabs send and post before either has its 3 confirmations: both are processing and watched.
    const a = await chain.pay(5, walletRequest(answer));
    expect((await postTx(cs, a)).status).toBe(200);
    const b = await chain.pay(5, walletRequest(answer));
    expect((await postTx(cs, b)).status).toBe(200);
    await chain.mine(3);
    const intentId = answer.paymentIntent.id;
    // The refund is sent by the hot wallet and needs its 3 confirmations too.
    const sent = await until('the transfer that did not pay is refunded', async () => {
      const [row] = await refundsOf(intentId);
      if (row?.status === 'processing') await chain.mine(3);
      return row?.status === 'succeeded' ? row : undefined;
    });
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: 4_000_000n });
    const paidBy = String((intent?.paymentDetails as { tx_hash?: string }).tx_hash);
    expect([a.toLowerCase(), b.toLowerCase()]).toContain(paidBy);
    const other = paidBy === a.toLowerCase() ? b.toLowerCase() : a.toLowerCase();
    expect(sent.metadata).toMatchObject({ tx_hash: other, refund_to: payer });
    const session = await env.test('GET', `/checkout-sessions/${cs}`);
    expect(session.body).toMatchObject({ status: 'complete', payment_status: 'paid' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await transfersOnChain(chain, token(), hot, payer)).toHaveLength(before.length + 1);
  });
});
