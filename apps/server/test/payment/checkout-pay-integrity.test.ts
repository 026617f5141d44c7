import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet, type ClaimAnswerer } from '@payshelf/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentAttempts, paymentMethods } from '../../src/db/schema/index.js';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import type { Rail } from '../../src/rails/types.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  browserCall,
  provePayer,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Payment integrity on a real server, database and anvil chain: what is bought cannot change under a
// payment (underpayment), and a transfer committed before a crash is charged once and completes after
// the reconcile job settles it.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let userDid: string;
let merchant: string;
let cat: Catalog;
let deep: Catalog;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

async function adjustableSession(c: Catalog): Promise<string> {
  const res = await env.test('POST', '/checkout-sessions', {
    body: {
      line_items: [
        { price_id: c.priceId, quantity: 1, adjustable_quantity: { enabled: true, minimum: 1, maximum: 20 } },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}

async function submit(cs: string, c: Catalog = cat): Promise<SubmitAnswer> {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubmitAnswer;
}

const adjust = (cs: string, c: Catalog, quantity: number) =>
  browserCall(browser, 'PUT', `/checkout-sessions/${cs}/adjust-quantity`, { itemId: c.priceId, quantity });

async function retrieve(cs: string) {
  const res = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return res.body as unknown as {
    checkoutSession: { status: string; payment_status: string; invoice_id: string | null };
    paymentIntent?: { id: string; status: string; amount: string };
  };
}

const postTx = (cs: string, txHash: string) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });

async function connectUrl(cs: string): Promise<string> {
  const res = await browser.post('/api/did/checkout/token', {
    checkoutSessionId: cs,
    sessionUserDid: userDid,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** A DID wallet whose derived EVM account holds `tokens` TUSD and gas money. */
async function fundedWallet(answerer: ClaimAnswerer = evmSignatureAnswerer, tokens = 100_000_000n) {
  const key = fromRandom();
  const payer = evmAccountOf(key).address;
  await chain.setEth(payer, 10n ** 18n);
  await chain.sendToken(1, token(), payer, tokens);
  const wallet = new HeadlessWallet(key, {
    profile: { fullName: 'Dana Did', email: 'dana@example.com' },
    answerers: { signature: answerer },
  });
  return { wallet, payer };
}

/** The rail instance the server pays `c`'s method through (rails are cached per method settings). */
async function railOf(c: Catalog): Promise<Rail> {
  const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, c.methodId));
  if (!method) throw new Error('method missing');
  return env.server.server.services.rails.forMethod(method);
}

async function invoiceOf(cs: string) {
  const id = (await retrieve(cs)).checkoutSession.invoice_id;
  if (!id) return null;
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv({ DEV_WALLET: '1' }), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '9900000');
  deep = await seedChainCatalog(env.test, chain, merchant, 3, '9900000');
  browser = new TestBrowser(env.server.url);
  userDid = (await signIn(browser, newWallet('Alice Example', 'alice@example.com'))).did;
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('underpayment: what is bought cannot change under a payment', () => {
  it('a transfer for the submitted amount does not pay a larger quantity (browser wallet)', async () => {
    const cs = await adjustableSession(cat);
    const first = await submit(cs);
    expect(first.paymentIntent.amount).toBe('9900000');
    // Still unpaid: the change cancels that intent.
    const changed = await adjust(cs, cat, 10);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const hash = await chain.pay(1, walletRequest(first));
    const posted = await postTx(cs, hash);
    expect(posted.status).toBe(400);
    // Made for the canceled intent: recorded for a refund (checkout-late-payment.test.ts), not counted.
    expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });
    // Submitting again asks for the new total under a new intent; the old transfer does not pay it.
    const second = await submit(cs);
    expect(second.paymentIntent.id).not.toBe(first.paymentIntent.id);
    expect(second.paymentIntent.amount).toBe('99000000');
    const again = await postTx(cs, hash);
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('payment_for_replaced_intent');
    expect((await retrieve(cs)).checkoutSession).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(await invoiceOf(cs)).toBeNull();
    // The full amount for the new intent completes it, with a paid invoice and nothing remaining.
    await chain.pay(2, walletRequest(second)).then((h) => postTx(cs, h));
    expect((await retrieve(cs)).checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await invoiceOf(cs)).toMatchObject({
      status: 'paid',
      total: 99_000_000n,
      amountPaid: 99_000_000n,
      amountRemaining: 0n,
    });
  });

  it('refuses changes while a transfer is processing', async () => {
    const cs = await adjustableSession(deep);
    const answer = await submit(cs, deep);
    const hash = await chain.pay(3, walletRequest(answer));
    expect((await postTx(cs, hash)).body).toMatchObject({ status: 'open' });
    const refused = await adjust(cs, deep, 10);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'checkout_payment_in_progress' });
    await chain.mine(2);
    await until('paid for one', async () =>
      (await retrieve(cs)).checkoutSession.status === 'complete' ? true : undefined,
    );
    expect(await invoiceOf(cs)).toMatchObject({ status: 'paid', total: 9_900_000n, amountRemaining: 0n });
  });

  it('a DID wallet signature for the submitted amount does not pay a larger quantity', async () => {
    const cs = await adjustableSession(cat);
    await submit(cs);
    // The quantity changes between the wallet being asked and its answer.
    const changing: ClaimAnswerer = async (claim, ctx) => {
      expect((await adjust(cs, cat, 10)).status).toBe(200);
      return evmSignatureAnswerer(claim, ctx);
    };
    const { wallet, payer } = await fundedWallet(changing);
    const before = await chain.tokenBalance(token(), payer);
    await expect(wallet.approve(await connectUrl(cs))).rejects.toThrow(
      /Submit the checkout first|checkout changed/,
    );
    expect(await chain.tokenBalance(token(), payer)).toBe(before);
    expect((await retrieve(cs)).checkoutSession.status).toBe('open');
    expect(await invoiceOf(cs)).toBeNull();
  });
});

describe('double charge across a crash: attempts are committed before they are sent', () => {
  it('a DID payment whose process died before broadcasting is sent once by the reconcile job', async () => {
    const cs = await adjustableSession(cat);
    await submit(cs);
    const { wallet, payer } = await fundedWallet();
    const before = await chain.tokenBalance(token(), payer);
    const merchantBefore = await chain.tokenBalance(token(), merchant);
    const rail = await railOf(cat);
    const broadcast = rail.submit.bind(rail);
    // The process "dies" after committing the attempt, before sending it (pay:after-commit-before-broadcast).
    rail.submit = () => Promise.reject(new Error('process killed before broadcast'));
    try {
      await expect(wallet.approve(await connectUrl(cs))).rejects.toThrow();
    } finally {
      rail.submit = broadcast;
    }
    const view = await retrieve(cs);
    expect(view.paymentIntent?.status).toBe('processing');
    const intentId = view.paymentIntent?.id ?? '';
    const attempts = () =>
      db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentIntentId, intentId));
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ kind: 'broadcast', status: 'in_flight', broadcastAt: null });
    expect(attempt?.raw).toMatch(/^0x/);
    expect(await chain.tokenBalance(token(), payer)).toBe(before);

    // The customer tries again: no second signature is taken while the first is in flight.
    await expect(wallet.approve(await connectUrl(cs))).rejects.toThrow(/already in progress/);

    await env.server.server.services.jobs.enqueue('payment:reconcile-attempts', { settleAfterMs: 0 });
    await until('completed after reconcile', async () =>
      (await retrieve(cs)).checkoutSession.status === 'complete' ? true : undefined,
    );
    await env.server.server.services.jobs.enqueue('payment:reconcile-attempts', { settleAfterMs: 0 });
    await until('attempt settled', async () =>
      (await attempts())[0]?.status === 'confirmed' ? true : undefined,
    );
    expect(await attempts()).toHaveLength(1);
    expect(await chain.tokenBalance(token(), payer)).toBe(before - 9_900_000n);
    expect(await chain.tokenBalance(token(), merchant)).toBe(merchantBefore + 9_900_000n);
    expect(await invoiceOf(cs)).toMatchObject({
      status: 'paid',
      amountPaid: 9_900_000n,
      amountRemaining: 0n,
    });
  });

  it('a fast-pay pull signed before a crash is re-sent, never signed twice', async () => {
    const config = env.server.server.services.config;
    const { hotWalletAddress } = await import('../../src/rails/evm/settings.js');
    const spender = await hotWalletAddress(config.dataDir, chain.demo.chainId);
    await chain.setEth(spender, 10n ** 19n);
    const payerIndex = 4;
    await chain.approve(payerIndex, token(), spender, 50_000_000n);
    const payer = chain.address(payerIndex);
    const cs = await adjustableSession(cat);
    await provePayer(browser, chain, cs, cat, payerIndex);
    const submitted = await browserCall(
      browser,
      'PUT',
      `/checkout-sessions/${cs}/submit`,
      submitBody(cat, { payer }),
    );
    expect(submitted.body).toMatchObject({ delegation: { sufficient: true } });
    const before = await chain.tokenBalance(token(), payer);
    const rail = await railOf(cat);
    const broadcast = rail.submit.bind(rail);
    const signPull = rail.signCollect.bind(rail);
    let signed = 0;
    rail.signCollect = (...args) => {
      signed += 1;
      return signPull(...args);
    };
    // The pull is committed, then the process "dies" before sending it (pull:after-commit-before-send).
    rail.submit = () => Promise.reject(new Error('process killed before send'));
    const confirm = () => browserCall(browser, 'POST', `/checkout-sessions/${cs}/fast-checkout-confirm`, {});
    try {
      expect((await confirm()).body).toEqual({ fastPaid: true });
      expect(await chain.tokenBalance(token(), payer)).toBe(before);
    } finally {
      rail.submit = broadcast;
    }
    // The customer presses again: the same signed pull is sent, no new one is signed.
    expect((await confirm()).body).toEqual({ fastPaid: true });
    rail.signCollect = signPull;
    await until('fast pay complete', async () =>
      (await retrieve(cs)).checkoutSession.status === 'complete' ? true : undefined,
    );
    expect(signed).toBe(1);
    const intentId = (await retrieve(cs)).paymentIntent?.id ?? '';
    const rows = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, intentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'pull', payer });
    expect(await chain.tokenBalance(token(), payer)).toBe(before - 9_900_000n);
  });
});
