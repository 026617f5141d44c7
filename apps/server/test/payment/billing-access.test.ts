import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, walletRequest, type Catalog } from './pay-support.js';
import { recurringPrice, subscriptionSession, type SessionView } from './subscription-support.js';
import { startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Who reads invoices and subscriptions: the customer who owns them, owners/admins and secret keys of
// the mode; anyone else gets exactly the answer of a missing id, a guest 401.
let env: PaymentTestEnv;
let chain: TestChain;
let cat: Catalog;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
/** Alice's trial (a zero invoice) and Bob's paid monthly plan. */
let mine: { invoice: string; sub: string; customer: string };
let bobs: { invoice: string; sub: string; customer: string };

const TEST = 'livemode=false';

async function buy(browser: TestBrowser, trial: boolean, account: number) {
  const plan = await recurringPrice(env.test, cat.currencyId, 'Plan', '2500000', { interval: 'month' });
  const cs = await subscriptionSession(
    env.test,
    [{ price_id: plan, quantity: 1 }],
    trial ? { trial_period_days: 7 } : undefined,
  );
  const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const answer = submitted.body as unknown as Parameters<typeof walletRequest>[0] & {
    customer: { id: string };
  };
  if (!trial) {
    const txHash = await chain.pay(account, walletRequest(answer));
    expect((await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash })).status).toBe(200);
  }
  const done = (await env.test('GET', `/checkout-sessions/${cs}`)).body as unknown as SessionView;
  return { invoice: done.invoice_id ?? '', sub: done.subscription_id ?? '', customer: answer.customer.id };
}

const missing = (noun: string, id: string) => ({
  error: { type: 'not_found_error', code: 'resource_missing', message: `No such ${noun}: '${id}'` },
});

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  [owner, alice, bob] = await signInOwnerAliceBob(env.server.url);
  mine = await buy(alice, true, 1);
  bobs = await buy(bob, false, 2);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('reading an invoice or a subscription', () => {
  it.each([
    ['invoices', 'invoice', () => mine.invoice],
    ['subscriptions', 'subscription', () => mine.sub],
  ])('%s/{id}: owner customer, admin and key 200; others as if missing', async (path, noun, idOf) => {
    const id = idOf();
    const url = `/${path}/${id}?${TEST}`;
    const own = await browserCall(alice, 'GET', url);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ id, object: noun, customer_id: mine.customer, livemode: false });
    expect((await browserCall(owner, 'GET', url)).body).toMatchObject({ id });
    expect((await env.test('GET', `/${path}/${id}`)).body).toMatchObject({ id });

    const other = await browserCall(bob, 'GET', url);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing(noun, id));
    const guest = await env.anonymous('GET', `/${path}/${id}`, { query: { livemode: 'false' } });
    expect(guest.status).toBe(401);
    expect(guest.body.error).toMatchObject({ type: 'authentication_error' });
    // Another mode: the live key, or the page asking for live mode.
    expect((await env.live('GET', `/${path}/${id}`)).body).toEqual(missing(noun, id));
    expect((await browserCall(alice, 'GET', `/${path}/${id}`)).status).toBe(404);

    const unknown = `${id.slice(0, id.indexOf('_'))}_NoSuchObject000000000000`;
    const absent = await env.test('GET', `/${path}/${unknown}`);
    expect(absent.status).toBe(404);
    expect(absent.body).toEqual(missing(noun, unknown));
    expect((await browserCall(alice, 'GET', `/${path}/${unknown}?${TEST}`)).body).toEqual(
      missing(noun, unknown),
    );
  });

  it('a subscription shows its items, currency, method and latest invoice', async () => {
    const res = await browserCall(bob, 'GET', `/subscriptions/${bobs.sub}?${TEST}`);
    expect(res.body).toMatchObject({
      status: 'active',
      items: [{ quantity: 1, price: { unit_amount: '2500000', product: { name: 'Plan' } } }],
      paymentCurrency: { id: cat.currencyId, symbol: 'TUSD' },
      paymentMethod: { id: cat.methodId, type: 'ethereum' },
      latestInvoice: { id: bobs.invoice, status: 'paid', total: '2500000' },
    });
  });
});

describe('listing invoices (page, pageSize, count) and subscriptions (cursor)', () => {
  const ids = (res: Answer) => (res.body.list as Array<{ id: string }>).map((i) => i.id);

  it('a customer lists only their own invoices, whatever customer_id they send', async () => {
    const own = await browserCall(alice, 'GET', `/invoices?${TEST}&customer_id=${bobs.customer}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ count: 1, subscription: null });
    expect(ids(own)).toEqual([mine.invoice]);
    expect((own.body.list as Array<Record<string, unknown>>)[0]).toMatchObject({
      paymentCurrency: { symbol: 'TUSD' },
    });
    const theirs = await browserCall(bob, 'GET', `/invoices?${TEST}&subscription_id=${mine.sub}`);
    expect(theirs.body).toMatchObject({ list: [], count: 0, subscription: null });
    expect((await env.anonymous('GET', '/invoices')).status).toBe(401);
  });

  it('a key or an admin lists every invoice of the mode, with filters', async () => {
    const all = await env.test('GET', '/invoices');
    expect(all.body.count).toBe(2);
    expect(ids(all)).toEqual([bobs.invoice, mine.invoice]);
    const admin = await browserCall(owner, 'GET', `/invoices?${TEST}&customer_id=${mine.customer}`);
    expect(ids(admin)).toEqual([mine.invoice]);
    expect(ids(await env.test('GET', '/invoices', { query: { ignore_zero: '1' } }))).toEqual([bobs.invoice]);
    const second = await env.test('GET', '/invoices', { query: { page: '2', pageSize: '1' } });
    expect(second.body).toMatchObject({ count: 2 });
    expect(ids(second)).toEqual([mine.invoice]);
    const bySub = await env.test('GET', '/invoices', { query: { subscription_id: mine.sub } });
    expect(ids(bySub)).toEqual([mine.invoice]);
    expect(bySub.body.subscription).toMatchObject({ id: mine.sub, status: 'trialing' });
    expect((await env.test('GET', '/invoices', { query: { status: 'open,void' } })).body.count).toBe(0);
    const bad = await env.test('GET', '/invoices', { query: { status: 'paid,bogus' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'status' });
    expect((await env.live('GET', '/invoices')).body).toMatchObject({ list: [], count: 0 });
  });

  it('subscriptions: newest first with a cursor; status and customer filters; a customer sees their own', async () => {
    const first = await env.test('GET', '/subscriptions', { query: { limit: '1' } });
    expect(first.body).toMatchObject({ object: 'list', has_more: true, data: [{ id: bobs.sub }] });
    const next = await env.test('GET', '/subscriptions', { query: { limit: '1', starting_after: bobs.sub } });
    expect(next.body).toMatchObject({ has_more: false, data: [{ id: mine.sub, status: 'trialing' }] });
    const trialing = await env.test('GET', '/subscriptions', { query: { status: 'trialing' } });
    expect((trialing.body.data as Array<{ id: string }>).map((s) => s.id)).toEqual([mine.sub]);
    const ofBob = await env.test('GET', '/subscriptions', { query: { customer_id: bobs.customer } });
    expect((ofBob.body.data as Array<{ id: string }>).map((s) => s.id)).toEqual([bobs.sub]);
    const own = await browserCall(alice, 'GET', `/subscriptions?${TEST}&customer_id=${bobs.customer}`);
    expect((own.body.data as Array<{ id: string }>).map((s) => s.id)).toEqual([mine.sub]);
    expect((await env.anonymous('GET', '/subscriptions')).status).toBe(401);
  });

  it('the OpenAPI document has the billing calls', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of ['/invoices', '/invoices/{id}', '/subscriptions', '/subscriptions/{id}']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
