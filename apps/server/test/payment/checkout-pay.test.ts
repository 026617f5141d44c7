import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../../src/app.js';
import { customers, events, invoices, paymentIntents } from '../../src/db/schema/index.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { openSocket, socketUrl } from '../support/socket.js';
import { until } from '../support/until.js';
import {
  browserCall,
  newSession,
  provePayer,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Submit and pay on a real anvil chain: the browser wallet sends the transfer and posts its hash, or the
// server pulls an ERC-20 allowance (fast pay). Every case goes through the HTTP API.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let merchant: string;
let cat: Catalog;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

async function submit(cs: string, extra: Record<string, unknown> = {}, c: Catalog = cat) {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubmitAnswer;
}

async function retrieve(cs: string) {
  const res = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return res.body as unknown as {
    checkoutSession: { status: string; payment_status: string; invoice_id: string | null };
    paymentIntent?: { status: string; last_payment_error: { code?: string; message: string } | null };
  };
}

const postTx = (cs: string, txHash: string) =>
  browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('checkout: submit and pay on chain', () => {
  it('pays a one-time TUSD price with the browser wallet: complete, invoice paid, events, relay', async () => {
    const cs = await newSession(env.test, cat.priceId, 2);
    const socket = await openSocket(socketUrl(env.server.url, RELAY_SOCKET_PATH));
    socket.send({ type: 'subscribe', topic: `checkout_session:${cs}` });
    await socket.next((m) => m.type === 'subscribed');

    const answer = await submit(cs);
    expect(answer.paymentTarget).toMatchObject({
      chainId: chain.demo.chainId,
      recipient: merchant,
      token: token(),
      amount: '10000000',
    });
    expect(answer.paymentTarget.uri).toContain(`ethereum:${token()}@${chain.demo.chainId}/transfer`);
    expect(answer.paymentIntent.status).toBe('requires_action');
    expect(answer.checkoutSession.payment_intent_id).toBe(answer.paymentIntent.id);
    expect(answer).toMatchObject({ balance: { sufficient: false }, delegation: { sufficient: false } });
    expect(answer.fastPayInfo).toBeUndefined();

    // The owner of the customer may listen on its topic; a stranger may not.
    const own = await openSocket(socketUrl(env.server.url, RELAY_SOCKET_PATH), {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    own.send({ type: 'subscribe', topic: `customer:${answer.customer.id}` });
    expect((await own.next((m) => m.type === 'subscribed' || m.type === 'error')).type).toBe('subscribed');
    socket.send({ type: 'subscribe', topic: `customer:${answer.customer.id}` });
    expect((await socket.next((m) => m.type === 'error')).type).toBe('error');

    const before = await chain.tokenBalance(token(), merchant);
    const hash = await chain.pay(1, walletRequest(answer));
    const posted = await postTx(cs, hash);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ id: cs, status: 'complete', payment_status: 'paid' });
    // Idempotent: the same hash again answers the same completed session.
    expect((await postTx(cs, hash)).body).toMatchObject({ status: 'complete' });
    expect(await chain.tokenBalance(token(), merchant)).toBe(before + 10_000_000n);

    const view = await retrieve(cs);
    expect(view.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(view.paymentIntent).toMatchObject({ status: 'succeeded' });
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, view.checkoutSession.invoice_id ?? ''));
    expect(invoice).toMatchObject({ status: 'paid', amountPaid: 10_000_000n, amountRemaining: 0n });
    expect(invoice?.id).toMatch(/^in_/);
    expect(invoice?.metadata).toMatchObject({ payment_details: { tx_hash: hash.toLowerCase() } });
    const recorded = await db()
      .select({ type: events.type })
      .from(events)
      .where(sql`${events.type} IN ('checkout.session.completed', 'invoice.paid')`);
    expect(recorded.map((e) => e.type).sort()).toEqual(['checkout.session.completed', 'invoice.paid']);

    const pushed = await socket.next((m) => m.type === 'event');
    expect(pushed).toMatchObject({
      type: 'event',
      topic: `checkout_session:${cs}`,
      event: 'checkout.session.completed',
      data: { id: cs, status: 'complete' },
    });
    const paidEvent = await own.next((m) => m.type === 'event' && m.event === 'invoice.paid');
    expect(paidEvent).toMatchObject({ data: { customer_id: answer.customer.id, status: 'paid' } });
    socket.close();
    own.close();

    // A replayed transaction hash does not pay a second session.
    const second = await newSession(env.test, cat.priceId, 2);
    await submit(second);
    const replay = await postTx(second, hash);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'wrong_reference', param: 'txHash' });
    expect((await retrieve(second)).checkoutSession.status).toBe('open');
  });

  it('refuses underpayment, a wrong token and a wrong recipient', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const pi = (await submit(cs)).paymentIntent.id;
    const low = await chain.sendToken(2, token(), merchant, 4_999_999n);
    expect((await postTx(cs, low)).body.error).toMatchObject({ code: 'underpaid' });
    const other = await chain.otherToken();
    const wrongToken = await chain.sendToken(2, other.address, merchant, 5_000_000n);
    expect((await postTx(cs, wrongToken)).body.error).toMatchObject({ code: 'wrong_token' });
    const wrongTo = await chain.sendToken(2, token(), chain.freshAddress(), 5_000_000n);
    const refused = await postTx(cs, wrongTo);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'wrong_recipient' });
    expect((await retrieve(cs)).checkoutSession.status).toBe('open');
    // Then the right payment still completes it.
    const right = await chain.sendTokenFor(pi, 2, token(), merchant, 5_000_000n);
    expect((await postTx(cs, right)).body).toMatchObject({ status: 'complete' });
  });

  it('keeps one payment intent however often submit is called, and follows quantity changes', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const answers = await Promise.all([submit(cs), submit(cs), submit(cs)]);
    // Saved details stay unless the form says replace.
    const kept = await submit(cs, { customer_name: 'Alice Renamed' });
    expect(kept.customer).toMatchObject({ name: 'Alice Example' });
    const again = await submit(cs, { customer_name: 'Alice Renamed', customer_update: 'replace' });
    const ids = new Set([...answers, kept, again].map((a) => a.paymentIntent.id));
    expect(ids.size).toBe(1);
    const rows = await db().select().from(paymentIntents).where(eq(paymentIntents.checkoutSessionId, cs));
    expect(rows).toHaveLength(1);
    expect(again.customer).toMatchObject({ name: 'Alice Renamed' });
    expect(again.paymentIntent.amount).toBe('5000000');
  });

  it('completes a transaction seen before its confirmations only once they are mined', async () => {
    const deep = await seedChainCatalog(env.test, chain, merchant, 3, '7000000');
    const cs = await newSession(env.test, deep.priceId);
    const answer = await submit(cs, {}, deep);
    const hash = await chain.pay(3, walletRequest(answer));
    const posted = await postTx(cs, hash);
    expect(posted.body).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((await retrieve(cs)).paymentIntent?.status).toBe('processing');
    await new Promise((r) => setTimeout(r, 2500));
    expect((await retrieve(cs)).checkoutSession.status).toBe('open');
    await chain.mine(2);
    await until('complete after mining', async () =>
      (await retrieve(cs)).checkoutSession.status === 'complete' ? true : undefined,
    );
    expect((await retrieve(cs)).paymentIntent?.status).toBe('succeeded');
  });

  it('a transfer counts only for the payment it was made for; posting it elsewhere locks nobody out', async () => {
    // Bob pays his own session; Alice posts Bob's hash to hers first (pending, then mined).
    const deep = await seedChainCatalog(env.test, chain, merchant, 3, '6000000');
    const bob = new TestBrowser(env.server.url);
    await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
    const bobPosts = (cs: string, txHash: string) =>
      browserCall(bob, 'POST', `/checkout-sessions/${cs}/tx`, { txHash });
    for (const c of [deep, cat]) {
      const mine = await newSession(env.test, c.priceId);
      const his = await newSession(env.test, c.priceId);
      await submit(mine, {}, c);
      const bobAnswer = (await browserCall(bob, 'PUT', `/checkout-sessions/${his}/submit`, submitBody(c)))
        .body as unknown as SubmitAnswer;
      const hash = await chain.pay(5, walletRequest(bobAnswer));
      const hijack = await postTx(mine, hash);
      expect(hijack.status).toBe(400);
      expect(hijack.body.error).toMatchObject({ code: 'wrong_reference', param: 'txHash' });
      expect((await retrieve(mine)).checkoutSession.status).toBe('open');
      expect((await retrieve(mine)).paymentIntent?.status).toBe('requires_action');
      const own = await bobPosts(his, hash);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      if (c === deep) await chain.mine(2);
      await until('Bob paid', async () =>
        (await retrieve(his)).checkoutSession.status === 'complete' ? true : undefined,
      );
      expect((await retrieve(mine)).checkoutSession.status).toBe('open');
    }
  });

  it('fast pay: pulls an approved allowance; a too small one answers fastPaid false', async () => {
    const config = env.server.server.services.config;
    const spender = await hotWalletAddress(config.dataDir, chain.demo.chainId);
    await chain.setEth(spender, 10n ** 19n);
    const payer = chain.address(4);

    await chain.approve(4, token(), spender, 5_000_000n);
    const cs = await newSession(env.test, cat.priceId);
    await provePayer(browser, chain, cs, cat, 4);
    const answer = await submit(cs, { payer });
    expect(answer.delegation.sufficient).toBe(true);
    expect(answer.fastPayInfo).toMatchObject({ type: 'delegation', amount: '5000000', payer });
    const before = await chain.tokenBalance(token(), merchant);
    const confirm = () => browserCall(browser, 'POST', `/checkout-sessions/${cs}/fast-checkout-confirm`, {});
    expect((await confirm()).body).toEqual({ fastPaid: true });
    expect((await confirm()).body).toEqual({ fastPaid: true });
    await until('fast pay complete', async () =>
      (await retrieve(cs)).checkoutSession.status === 'complete' ? true : undefined,
    );
    expect(await chain.tokenBalance(token(), merchant)).toBe(before + 5_000_000n);

    // The allowance is spent: the next checkout is not fast-payable.
    const cs2 = await newSession(env.test, cat.priceId);
    const second = await submit(cs2, { payer });
    expect(second.delegation.sufficient).toBe(false);
    const refused = await browserCall(browser, 'POST', `/checkout-sessions/${cs2}/fast-checkout-confirm`, {});
    expect(refused.body).toEqual({ fastPaid: false, message: 'Account changed, please pay manually.' });

    // Sufficient at submit, shrunk before the confirm: nothing is pulled.
    await chain.approve(4, token(), spender, 5_000_000n);
    const cs3 = await newSession(env.test, cat.priceId);
    expect((await submit(cs3, { payer })).delegation.sufficient).toBe(true);
    await chain.approve(4, token(), spender, 1_000_000n);
    const small = await browserCall(browser, 'POST', `/checkout-sessions/${cs3}/fast-checkout-confirm`, {});
    expect(small.body).toMatchObject({ fastPaid: false });
    // Another account in the page than the one submitted: account changed.
    const changed = await browserCall(browser, 'POST', `/checkout-sessions/${cs3}/fast-checkout-confirm`, {
      payer: chain.address(5),
    });
    expect(changed.body).toEqual({ fastPaid: false, message: 'Account changed, please pay manually.' });
    expect((await retrieve(cs3)).checkoutSession.status).toBe('open');
  });

  it('validates the form and the caller, and limits past-due customers', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const anonymous = await env.anonymous('PUT', `/checkout-sessions/${cs}/submit`, {
      body: submitBody(cat),
    });
    expect(anonymous.status).toBe(401);
    const badEmail = await browserCall(
      browser,
      'PUT',
      `/checkout-sessions/${cs}/submit`,
      submitBody(cat, { customer_email: 'not-an-email' }),
    );
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toMatchObject({ code: 'parameter_invalid', param: 'customer_email' });
    const badMethod = await browserCall(
      browser,
      'PUT',
      `/checkout-sessions/${cs}/submit`,
      submitBody(cat, { payment_method: 'pm_doesnotexist1' }),
    );
    expect(badMethod.status).toBe(400);
    const txBeforeSubmit = await postTx(await newSession(env.test, cat.priceId), `0x${'ab'.repeat(32)}`);
    expect(txBeforeSubmit.body.error).toMatchObject({ code: 'payment_intent_missing' });
    const donate = await browserCall(
      browser,
      'PUT',
      `/checkout-sessions/${cs}/donate-submit`,
      submitBody(cat),
    );
    expect(donate.body.error).toMatchObject({ code: 'donation_not_enabled' });

    const first = await submit(cs);
    await db()
      .update(customers)
      .set({ delinquent: true })
      .where(and(eq(customers.id, first.customer.id)));
    const limited = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({ code: 'CUSTOMER_LIMITED' });
    await db().update(customers).set({ delinquent: false }).where(eq(customers.id, first.customer.id));
  });

  it('completes a session with nothing due at submit: no transfer, a zero invoice, no_payment_required', async () => {
    const free = await env.test('POST', '/prices', {
      body: {
        product_id: (await env.test('POST', '/products', { body: { name: 'Free sample' } })).body.id,
        currency_id: cat.currencyId,
        unit_amount: '0',
      },
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    const cs = await newSession(env.test, String(free.body.id));
    const answer = await submit(cs);
    expect(answer.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    expect(answer.paymentIntent).toMatchObject({ status: 'succeeded', amount: '0' });
    expect(answer.delegation.sufficient).toBe(false);
    const after = await retrieve(cs);
    expect(after.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, after.checkoutSession.invoice_id ?? ''));
    expect(invoice).toMatchObject({ status: 'paid', total: 0n, amountPaid: 0n });
    const completed = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'checkout.session.completed'), eq(events.objectId, cs)));
    expect(completed).toHaveLength(1);
    // Submitting again changes nothing: still one invoice.
    const again = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(again.status).toBe(400);
    const all = await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs));
    expect(all).toHaveLength(1);
  });
});
