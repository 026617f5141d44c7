import { addInterval } from '@payshelf/money';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../../src/app.js';
import { events, invoices, subscriptions } from '../../src/db/schema/index.js';
import { billCheckout } from '../../src/payment/billing/checkout-billing.js';
import { getSession } from '../../src/payment/checkout/repo.js';
import { getIntent } from '../../src/payment/intents/repo.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { openSocket, socketUrl } from '../support/socket.js';
import { until } from '../support/until.js';
import { browserCall, seedChainCatalog, submitBody, walletRequest, type Catalog } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';
import {
  recurringPrice,
  subscriptionSession,
  type SessionView,
  type SubView,
} from './subscription-support.js';

// A subscription-mode checkout creates its subscriptions when it completes: paid on a real anvil
// chain, or at submit when a free trial leaves nothing due.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;

const db = () => env.server.server.services.database.db;
const DAY_MS = 86_400_000;

async function submit(cs: string, c: Catalog = cat) {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(c));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Parameters<typeof walletRequest>[0] & {
    checkoutSession: SessionView;
    customer: { id: string };
  };
}

async function session(cs: string): Promise<SessionView> {
  const res = await env.test('GET', `/checkout-sessions/${cs}`);
  return res.body as unknown as SessionView;
}

async function sub(id: string): Promise<SubView> {
  const res = await env.test('GET', `/subscriptions/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubView;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress(), 1, '2000000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('subscriptions created by checkout', () => {
  it('a paid checkout with monthly, metered, yearly and one-time items: one subscription per interval', async () => {
    const seat = await recurringPrice(env.test, cat.currencyId, 'Seat', '1000000', { interval: 'month' });
    const calls = await recurringPrice(env.test, cat.currencyId, 'API calls', '10', {
      interval: 'month',
      usage_type: 'metered',
    });
    const yearly = await recurringPrice(env.test, cat.currencyId, 'Support', '5000000', { interval: 'year' });
    const cs = await subscriptionSession(env.test, [
      { price_id: seat, quantity: 3 },
      { price_id: calls, quantity: 1 },
      { price_id: yearly, quantity: 1 },
      { price_id: cat.priceId, quantity: 1 },
    ]);
    const answer = await submit(cs);
    // 3 seats + 1 year of support + the one-time book; metered calls are billed on usage.
    expect(answer.paymentTarget.amount).toBe('10000000');

    const socket = await openSocket(socketUrl(env.server.url, RELAY_SOCKET_PATH), {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    socket.send({ type: 'subscribe', topic: `customer:${answer.customer.id}` });
    await socket.next((m) => m.type === 'subscribed');

    const hash = await chain.pay(1, walletRequest(answer));
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect(posted.body).toMatchObject({ status: 'complete', payment_status: 'paid' });

    const done = await session(cs);
    expect(done.subscriptions).toHaveLength(2);
    expect(done.subscription_id).toBe(done.subscriptions[0]);
    const [monthly, annual] = await Promise.all(done.subscriptions.map(sub));
    expect(monthly).toMatchObject({
      object: 'subscription',
      status: 'active',
      livemode: false,
      customer_id: answer.customer.id,
      currency_id: cat.currencyId,
      default_payment_method_id: cat.methodId,
      latest_invoice_id: done.invoice_id,
      checkout_session_id: cs,
      trial_end: null,
      cancel_at_period_end: false,
    });
    expect(monthly?.id).toMatch(/^sub_/);
    expect(monthly?.items.map((i) => [i.price_id, i.quantity, i.price?.product?.name])).toEqual([
      [seat, 3, 'Seat'],
      [calls, 1, 'API calls'],
    ]);
    expect(monthly?.items[0]?.id).toMatch(/^si_/);
    const start = new Date(monthly?.current_period_start ?? '');
    expect(monthly?.current_period_end).toBe(addInterval(start, { interval: 'month' }).toISOString());
    expect(annual?.items.map((i) => [i.price_id, i.quantity])).toEqual([[yearly, 1]]);
    expect(annual?.current_period_end).toBe(
      addInterval(new Date(annual?.current_period_start ?? ''), { interval: 'year' }).toISOString(),
    );
    expect(annual?.latestInvoice).toMatchObject({ id: done.invoice_id, status: 'paid' });
    expect(annual?.paymentCurrency).toMatchObject({ id: cat.currencyId, symbol: 'TUSD' });

    const invoice = await env.test('GET', `/invoices/${done.invoice_id}`);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({
      billing_reason: 'subscription_create',
      subscription_id: monthly?.id,
      period_start: monthly?.current_period_start,
      period_end: monthly?.current_period_end,
      total: '10000000',
      amount_paid: '10000000',
      paymentCurrency: { symbol: 'TUSD' },
      paymentMethod: { id: cat.methodId },
    });
    const lines = invoice.body.lines as Array<Record<string, unknown>>;
    expect(lines.map((l) => [l.price_id, l.amount, l.period_end])).toEqual([
      [seat, '3000000', monthly?.current_period_end],
      [calls, '0', monthly?.current_period_end],
      [yearly, '5000000', annual?.current_period_end],
      [cat.priceId, '2000000', null],
    ]);

    const recorded = await db()
      .select({ objectId: events.objectId })
      .from(events)
      .where(eq(events.type, 'customer.subscription.created'));
    expect(recorded.map((e) => e.objectId).sort()).toEqual([...done.subscriptions].sort());
    const pushed = await socket.next(
      (m) => m.type === 'event' && m.event === 'customer.subscription.created',
    );
    expect(pushed).toMatchObject({ data: { id: done.subscription_id, status: 'active' } });
    socket.close();
  });

  it('the demo trial plan (7 days): trialing until now + 7 days, a zero invoice, no transfer', async () => {
    const team = await recurringPrice(env.test, cat.currencyId, 'Team', '9000000', { interval: 'month' });
    const cs = await subscriptionSession(env.test, [{ price_id: team, quantity: 2 }], {
      trial_period_days: 7,
    });
    const before = Date.now();
    const answer = await submit(cs);
    const after = Date.now();
    expect(answer.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    const done = await session(cs);
    expect(done.subscriptions).toEqual([done.subscription_id]);
    const trial = await sub(done.subscription_id ?? '');
    expect(trial).toMatchObject({ status: 'trialing', items: [{ price_id: team, quantity: 2 }] });
    const trialStart = Date.parse(trial.trial_start ?? '');
    expect(trialStart).toBeGreaterThanOrEqual(before - 1000);
    expect(trialStart).toBeLessThanOrEqual(after);
    expect(Date.parse(trial.trial_end ?? '')).toBe(Math.floor(trialStart / 1000) * 1000 + 7 * DAY_MS);
    expect(trial.current_period_end).toBe(trial.trial_end);
    const invoice = await env.test('GET', `/invoices/${done.invoice_id}`);
    expect(invoice.body).toMatchObject({ total: '0', amount_paid: '0', subscription_id: trial.id });
    expect((invoice.body.lines as Array<{ amount: string }>).map((l) => l.amount)).toEqual(['0']);
  });

  it('a trial offered only in another currency is dropped: the customer pays and the plan is active', async () => {
    const plan = await recurringPrice(env.test, cat.currencyId, 'Pro', '3000000', { interval: 'week' });
    const cs = await subscriptionSession(env.test, [{ price_id: plan, quantity: 1 }], {
      trial_period_days: 7,
      trial_currency: 'pc_SomeOtherCurrency1',
    });
    const answer = await submit(cs);
    expect(answer.paymentTarget.amount).toBe('3000000');
    const hash = await chain.pay(2, walletRequest(answer));
    await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    const done = await session(cs);
    const active = await sub(done.subscription_id ?? '');
    expect(active).toMatchObject({ status: 'active', trial_start: null, trial_end: null });
    expect(Date.parse(active.current_period_end) - Date.parse(active.current_period_start)).toBe(7 * DAY_MS);
  });

  it('completion raced by repeated posts and the confirmation job still creates one subscription', async () => {
    const deep = await seedChainCatalog(env.test, chain, chain.freshAddress(), 3, '1000000');
    const plan = await recurringPrice(env.test, deep.currencyId, 'Deep', '4000000', { interval: 'month' });
    const cs = await subscriptionSession(env.test, [{ price_id: plan, quantity: 1 }]);
    const answer = await submit(cs, deep);
    const hash = await chain.pay(3, walletRequest(answer));
    const post = () => browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect((await post()).body).toMatchObject({ status: 'open' });
    await chain.mine(2);
    // Three posts of the hash, a second submit and the confirmation job all race to complete it.
    const resubmit = browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(deep));
    const posts = await Promise.all([post(), post(), post()]);
    for (const res of posts) expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Before completion a submit answers the same intent again, after it the session is complete.
    expect([200, 400]).toContain((await resubmit).status);
    await until('complete', async () => ((await session(cs)).status === 'complete' ? true : undefined));
    const done = await session(cs);
    expect(done.status).toBe('complete');
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, cs));
    expect(rows.map((r) => r.id)).toEqual([done.subscription_id]);
    const bills = await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs));
    expect(bills).toHaveLength(1);
    const created = await db()
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, 'customer.subscription.created'),
          inArray(
            events.objectId,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(created).toHaveLength(1);

    // Billing the completed session again (a re-run of completion past its guards) makes nothing new.
    const again = await db().transaction(async (tx) => {
      const row = await getSession(tx, cs, false, true);
      const intent = await getIntent(tx, row?.paymentIntentId ?? '', true);
      if (!row || !intent) throw new Error('session or intent missing');
      return billCheckout(tx, row, [], intent, intent.amount, {}, new Date());
    });
    expect(again).toMatchObject({ invoice: { id: done.invoice_id }, created: [] });
    expect(again.subscriptionIds).toEqual([done.subscription_id]);
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, cs)),
    ).toHaveLength(1);
    expect(await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs))).toHaveLength(1);
  });
});
