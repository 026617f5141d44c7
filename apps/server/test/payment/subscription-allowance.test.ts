import { eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, notifications, subscriptions } from '../../src/db/schema/index.js';
import type { RealtimeMessage } from '../../src/core/realtime/bus.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { advance, getSub, invoicesOf, newClock } from './billing-support.js';
import {
  browserCall,
  provePayer,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { recurringPrice, subscriptionSession } from './subscription-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The allowance renewals are pulled from, on real PostgreSQL and anvil: the subscription checkout
// offers an approve covering N billing periods (exact amounts), the portal reads what is left on
// chain through the server and offers to renew it when it no longer covers the next invoice, and a
// renewal pulled from it rings the customer's bell with a message key (not English text).
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let bob: TestBrowser;
let cat: Catalog;
let monthly: string;
let spender: string;
let aliceDid: string;
const PRICE = 2_500_000n;
const PAYER = 6;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

interface Offer {
  amount: string;
  per_period: string;
  periods: number;
  span: { unit: string; count: number };
  currency_id: string;
  spender: string;
  request: { chainId: number; to: string; value: string; data: string };
}
type Answer = SubmitAnswer & { allowance?: Offer };
interface AllowanceView {
  payer: string | null;
  remaining: string;
  needed: string;
  covers: boolean;
  offer: Offer | null;
}

async function submit(cs: string): Promise<Answer> {
  const res = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Answer;
}

async function allowanceOf(browser: TestBrowser, sub: string) {
  return browserCall(browser, 'GET', `/subscriptions/${sub}/allowance?livemode=false`);
}

const approve = (i: number, offer: Offer) =>
  chain.pay(i, {
    kind: 'evm_transaction',
    chainId: offer.request.chainId,
    to: offer.request.to,
    value: BigInt(offer.request.value),
    data: offer.request.data as Hex,
  });

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  monthly = await recurringPrice(env.test, cat.currencyId, 'Allowance plan', PRICE.toString(), {
    interval: 'month',
  });
  spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 20n);
  alice = new TestBrowser(env.server.url);
  aliceDid = (await signIn(alice, newWallet('Alice Allowance', 'alice-allowance@example.com'))).did;
  bob = new TestBrowser(env.server.url);
  await signIn(bob, newWallet('Bob Other', 'bob-other@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('the allowance of a subscription', () => {
  it('checkout offers 12 periods of the plan by default, or the periods the checkout sets', async () => {
    const answer = await submit(await subscriptionSession(env.test, [{ price_id: monthly, quantity: 2 }]));
    expect(answer.allowance).toMatchObject({
      amount: (12n * 2n * PRICE).toString(),
      per_period: (2n * PRICE).toString(),
      periods: 12,
      span: { unit: 'month', count: 12 },
      currency_id: cat.currencyId,
      spender: spender.toLowerCase(),
      request: { chainId: chain.demo.chainId, to: token(), value: '0' },
    });
    const three = await submit(
      await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }], { allowance_periods: 3 }),
    );
    expect(three.allowance).toMatchObject({ amount: (3n * PRICE).toString(), periods: 3 });
  });

  it('portal: reads the allowance on chain, offers to renew it when short, and covers after the approve', async () => {
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }]);
    const answer = await submit(cs);
    const paid = await browserCall(alice, 'POST', `/checkout-sessions/${cs}/tx`, {
      txHash: await chain.pay(PAYER, walletRequest(answer)),
    });
    expect(paid.body).toMatchObject({ status: 'complete' });
    const sub = String(paid.body.subscription_id);

    const before = await allowanceOf(alice, sub);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const short = before.body as unknown as AllowanceView;
    // The first period was sent by the wallet: nothing approved yet, the next renewal needs one period.
    expect(short).toMatchObject({
      payer: chain.address(PAYER),
      remaining: '0',
      needed: PRICE.toString(),
      covers: false,
    });
    expect(short.offer?.amount).toBe((12n * PRICE).toString());

    await approve(PAYER, short.offer as Offer);
    const after = (await allowanceOf(alice, sub)).body as unknown as AllowanceView;
    expect(after).toMatchObject({ remaining: (12n * PRICE).toString(), covers: true });
    expect(await chain.tokenBalance(token(), spender)).toBe(0n);

    // Only its customer reads it; a guest must sign in.
    expect((await allowanceOf(bob, sub)).status).toBe(404);
    expect((await env.anonymous('GET', `/subscriptions/${sub}/allowance?livemode=false`)).status).toBe(401);
  });

  it('a renewal pulled from the allowance rings the bell with a message key and its parameters', async () => {
    const clock = await newClock(env.test, '2027-05-15T00:00:00.000Z');
    await chain.approve(PAYER, token(), spender, 12n * PRICE);
    // Alice's customer (it carries her DID): the one her checkouts create.
    const customer = (await submit(await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }])))
      .customer.id;
    const created = await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer,
        items: [{ price_id: monthly, quantity: 1 }],
        currency_id: cat.currencyId,
        payment_method_id: cat.methodId,
        payer: chain.address(PAYER),
        test_clock_id: clock,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sub = String(created.body.id);
    await advance(env.test, clock, '2027-06-16T00:00:00.000Z');
    expect((await getSub(env.test, sub)).status).toBe('active');
    const cycle = (await invoicesOf(db(), sub)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle?.status).toBe('paid');

    const rows = await db().select().from(notifications).where(eq(notifications.receiver, aliceDid));
    const notice = rows.find((r) => r.message?.params.number === (cycle?.number ?? ''));
    expect(notice?.message).toEqual({
      key: 'billing.invoicePaid',
      params: {
        number: cycle?.number,
        amount: '2.5',
        symbol: 'TUSD',
        link: expect.stringContaining(`/customer/invoice/${cycle?.id}`) as unknown as string,
      },
    });
    expect(notice?.severity).toBe('success');
    // The list the bell reads carries the key too.
    const res = await alice.request('/.well-known/service/api/user/notifications?pageSize=100');
    const list = ((await res.json()) as { list: Array<{ id: string; message?: unknown }> }).list;
    expect(list.find((n) => n.id === notice?.id)?.message).toEqual(notice?.message);
  }, 120_000);
  it('a trial with no payer: reads the account the customer proved, and takes it once its allowance covers', async () => {
    const TRIAL_PAYER = 7;
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }], {
      trial_period_days: 7,
    });
    await provePayer(alice, chain, cs, cat, TRIAL_PAYER);
    const answer = await submit(cs);
    // Nothing is due today: the checkout completes without any transfer, so no payer is known.
    expect(answer.checkoutSession.status).toBe('complete');
    const sub = String((answer.checkoutSession as unknown as { subscription_id: string }).subscription_id);
    const payerOf = async () =>
      (await db().select().from(subscriptions).where(eq(subscriptions.id, sub)))[0]?.payer ?? null;
    expect(await payerOf()).toBeNull();

    const view = (await allowanceOf(alice, sub)).body as unknown as AllowanceView;
    expect(view.payer?.toLowerCase()).toBe(chain.address(TRIAL_PAYER).toLowerCase());
    // The first paid invoice comes at the trial end: one period, and the offer covers 12 of them.
    expect(view).toMatchObject({ remaining: '0', needed: PRICE.toString(), covers: false });
    expect(view.offer?.amount).toBe((12n * PRICE).toString());
    const adopt = (browser: TestBrowser) =>
      browserCall(browser, 'POST', `/subscriptions/${sub}/allowance?livemode=false`, {});
    // Before the approve nothing changes.
    expect((await adopt(alice)).body).toMatchObject({ covers: false });
    expect(await payerOf()).toBeNull();

    await approve(TRIAL_PAYER, view.offer as Offer);
    expect((await adopt(bob)).status).toBe(404);
    const pushed: RealtimeMessage[] = [];
    const stop = env.server.server.services.bus.subscribe((m) => pushed.push(m));
    const adopted = await adopt(alice);
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(adopted.body).toMatchObject({ covers: true, remaining: (12n * PRICE).toString() });
    const payer = chain.address(TRIAL_PAYER).toLowerCase();
    expect((await payerOf())?.toLowerCase()).toBe(payer);

    // The new payer is a subscription change: an event with the previous payer, pushed on the relay.
    const recorded = await db().select().from(events).where(eq(events.objectId, sub));
    const change = recorded.find((e) => {
      const data = e.data as { previous_attributes?: Record<string, unknown> };
      return e.type === 'customer.subscription.updated' && data.previous_attributes?.payer === null;
    });
    expect(change?.data).toMatchObject({ object: { id: sub, status: 'trialing' } });
    expect(String((change?.data as { object: { payer: string } }).object.payer).toLowerCase()).toBe(payer);
    await expect
      .poll(() => pushed.filter((m) => m.event === 'customer.subscription.updated').map((m) => m.topic))
      .toEqual(expect.arrayContaining([`subscription:${sub}`, expect.stringMatching(/^customer:/)]));
    // Adopting again changes nothing and records nothing.
    expect((await adopt(alice)).status).toBe(200);
    const again = await db().select().from(events).where(eq(events.objectId, sub));
    expect(again.length).toBe(recorded.length);
    stop();
  });
});
