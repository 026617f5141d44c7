import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { startChildServer, type ChildServer } from '../support/server.js';
import { seedChainCatalog, type Catalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { clientFor, startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './support.js';
import {
  advance,
  confirmedPulls,
  getSub,
  invoicesOf,
  newClock,
  newCustomer,
  type SubState,
} from './billing-support.js';

// The billing engine on real PostgreSQL and anvil, driven by test clocks: renewals pull from the
// payer's ERC-20 allowance, failed pulls retry 1, 3 and 5 days later, then past_due, then after the
// 7-day grace canceled with the invoice uncollectible.
let env: PaymentTestEnv;
let chain: TestChain;
let cat: Catalog;
let monthly: string;
let spender: string;
let merchant: string;
const PRICE = 1_000_000n;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

async function subscribe(
  customer: string,
  payerIndex: number,
  clock: string,
  extra: Record<string, unknown> = {},
) {
  const res = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: cat.currencyId,
      payment_method_id: cat.methodId,
      payer: chain.address(payerIndex),
      test_clock_id: clock,
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubState;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  monthly = await recurringPrice(env.test, cat.currencyId, 'Monthly plan', PRICE.toString(), {
    interval: 'month',
  });
  spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 20n);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('renewals by test clock', () => {
  it('a Jan 31 monthly subscription advanced 12 months: 12 paid cycle invoices with calendar periods, 12 pulls', async () => {
    const clock = await newClock(env.test, '2027-01-31T12:00:00.000Z');
    const customer = await newCustomer(env.test, 'Yearlong');
    await chain.approve(3, token(), spender, 13n * PRICE);
    const before = await chain.tokenBalance(token(), merchant);
    const sub = await subscribe(customer, 3, clock);
    expect(sub.status).toBe('active');
    expect(sub.current_period_end).toBe('2027-02-28T12:00:00.000Z');

    const done = await advance(env.test, clock, '2028-01-31T12:00:00.000Z');
    expect(done).toMatchObject({ frozen_time: '2028-01-31T12:00:00.000Z', status: 'ready' });

    const rows = await invoicesOf(db(), sub.id);
    const cycles = rows.filter((r) => r.billingReason === 'subscription_cycle');
    expect(cycles).toHaveLength(12);
    expect(cycles.every((r) => r.status === 'paid' && r.amountPaid === PRICE)).toBe(true);
    const ends = cycles.map((r) => r.periodEnd?.toISOString().slice(0, 10));
    expect(ends).toEqual([
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
    expect(cycles[0]?.periodStart?.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    // The first invoice (subscription_create) and 12 renewals, each one pull on chain.
    expect(await confirmedPulls(db(), sub.id)).toBe(13);
    expect((await chain.tokenBalance(token(), merchant)) - before).toBe(13n * PRICE);
    const after = await getSub(env.test, sub.id);
    expect(after).toMatchObject({ status: 'active', current_period_end: '2028-02-29T12:00:00.000Z' });
  }, 180_000);

  it('allowance revoked: retries after 1, 3, 5 days, then past_due; paying the open invoice makes it active again', async () => {
    const clock = await newClock(env.test, '2027-03-10T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Revoker');
    await chain.approve(4, token(), spender, PRICE);
    const sub = await subscribe(customer, 4, clock);
    expect(sub.status).toBe('active');
    await chain.approve(4, token(), spender, 0n);

    await advance(env.test, clock, '2027-04-10T00:00:00.000Z');
    let open = (await invoicesOf(db(), sub.id)).find((r) => r.status === 'open');
    expect(open?.attemptCount).toBe(1);
    expect(open?.attempts[0]).toMatchObject({ outcome: 'failed', reason: 'insufficient_allowance' });
    expect(open?.nextPaymentAttempt?.toISOString()).toBe('2027-04-11T00:00:00.000Z');
    expect((await getSub(env.test, sub.id)).status).toBe('active');

    await advance(env.test, clock, '2027-04-15T12:00:00.000Z');
    open = (await invoicesOf(db(), sub.id)).find((r) => r.status === 'open');
    expect(open?.attemptCount).toBe(4);
    expect(open?.attempts.map((a) => a.at.slice(0, 10))).toEqual([
      '2027-04-10',
      '2027-04-11',
      '2027-04-13',
      '2027-04-15',
    ]);
    expect(open?.nextPaymentAttempt).toBeNull();
    expect((await getSub(env.test, sub.id)).status).toBe('past_due');

    await chain.approve(4, token(), spender, PRICE);
    const paid = await env.test('POST', `/invoices/${open?.id}/pay`, { body: {} });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: PRICE.toString() });
    expect((await getSub(env.test, sub.id)).status).toBe('active');
  }, 120_000);

  it('past_due past the grace: canceled for payment_failed, invoice uncollectible; recover bills a new period now', async () => {
    const clock = await newClock(env.test, '2027-05-01T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Lapsed');
    await chain.approve(5, token(), spender, PRICE);
    const sub = await subscribe(customer, 5, clock);
    await chain.approve(5, token(), spender, 0n);
    await advance(env.test, clock, '2027-06-06T00:00:00.000Z'); // renewal Jun 1 + retries Jun 2, 4, 6
    expect((await getSub(env.test, sub.id)).status).toBe('past_due');
    await advance(env.test, clock, '2027-06-13T00:00:00.000Z'); // 7 days of grace
    const ended = await getSub(env.test, sub.id);
    expect(ended).toMatchObject({ status: 'canceled', cancelation_details: { reason: 'payment_failed' } });
    const lapsed = (await invoicesOf(db(), sub.id)).filter((r) => r.billingReason === 'subscription_cycle');
    expect(lapsed.map((r) => r.status)).toEqual(['uncollectible']);
    // Canceled subscriptions do not renew.
    await advance(env.test, clock, '2027-08-01T00:00:00.000Z');
    expect((await invoicesOf(db(), sub.id)).length).toBe(2);

    await chain.approve(5, token(), spender, PRICE);
    const recovered = await env.test('POST', `/subscriptions/${sub.id}/recover`, { body: {} });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body).toMatchObject({
      status: 'active',
      current_period_start: '2027-08-01T00:00:00.000Z',
      current_period_end: '2027-09-01T00:00:00.000Z',
    });
    const recover = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_recover');
    expect(recover?.status).toBe('paid');
  }, 120_000);
});

describe('cancel, resume, trials', () => {
  it('cancel at period end keeps it active until then; resume undoes it; cancel now ends it at once', async () => {
    const clock = await newClock(env.test, '2027-02-01T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Canceller');
    await chain.approve(6, token(), spender, 10n * PRICE);
    const sub = await subscribe(customer, 6, clock);
    const pending = await env.test('POST', `/subscriptions/${sub.id}/cancel`, {
      body: { at_period_end: true, feedback: 'too_expensive', comment: 'Cheaper elsewhere' },
    });
    expect(pending.body).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancelation_details: {
        reason: 'cancellation_requested',
        feedback: 'too_expensive',
        comment: 'Cheaper elsewhere',
      },
    });
    const resumed = await env.test('POST', `/subscriptions/${sub.id}/resume`, { body: {} });
    expect(resumed.body).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancelation_details: null,
    });
    await env.test('POST', `/subscriptions/${sub.id}/cancel`, { body: { at_period_end: true } });
    await advance(env.test, clock, '2027-03-15T00:00:00.000Z');
    const ended = await getSub(env.test, sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: '2027-03-01T00:00:00.000Z' });
    expect((await invoicesOf(db(), sub.id)).map((r) => r.billingReason)).toEqual(['subscription_create']);

    const other = await subscribe(customer, 6, clock);
    const now = await env.test('POST', `/subscriptions/${other.id}/cancel`, { body: { feedback: 'unused' } });
    expect(now.body).toMatchObject({ status: 'canceled', ended_at: '2027-03-15T00:00:00.000Z' });
    const again = await env.test('POST', `/subscriptions/${other.id}/cancel`, { body: {} });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('subscription_state_invalid');
  }, 120_000);

  it('a trial cancels now; a trial that ends is billed and turns active, or past_due when it cannot be collected', async () => {
    const clock = await newClock(env.test, '2027-07-01T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Trialist');
    const trial = await subscribe(customer, 7, clock, { trial_period_days: 7 });
    expect(trial.status).toBe('trialing');
    const canceled = await env.test('POST', `/subscriptions/${trial.id}/cancel`, {
      body: { at_period_end: true },
    });
    expect(canceled.body).toMatchObject({ status: 'canceled', cancel_at_period_end: false });

    await chain.approve(7, token(), spender, PRICE);
    const paying = await subscribe(customer, 7, clock, { trial_period_days: 7 });
    const broke = await subscribe(customer, 8, clock, { trial_period_days: 7 });
    await chain.approve(8, token(), spender, 0n);
    await advance(env.test, clock, '2027-07-09T00:00:00.000Z');
    const after = await getSub(env.test, paying.id);
    expect(after).toMatchObject({ status: 'active', current_period_end: '2027-08-08T00:00:00.000Z' });
    const cycle = (await invoicesOf(db(), paying.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle).toMatchObject({ status: 'paid', amountPaid: PRICE });
    expect((await getSub(env.test, broke.id)).status).toBe('past_due');
  }, 120_000);

  it('send_invoice: the invoice waits open until its due date, then the subscription is past_due', async () => {
    const clock = await newClock(env.test, '2027-09-01T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Invoiced');
    const sub = await subscribe(customer, 2, clock, {
      collection_method: 'send_invoice',
      days_until_due: 10,
    });
    expect(sub.status).toBe('incomplete');
    const [first] = await invoicesOf(db(), sub.id);
    expect(first).toMatchObject({ status: 'open', nextPaymentAttempt: null });
    expect(first?.dueDate?.toISOString()).toBe('2027-09-11T00:00:00.000Z');
    const paid = await env.test('POST', `/invoices/${first?.id}/pay`, { body: { paid_out_of_band: true } });
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect((await getSub(env.test, sub.id)).status).toBe('active');
    await advance(env.test, clock, '2027-10-12T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle).toMatchObject({ status: 'open', attemptCount: 1 });
    expect((await getSub(env.test, sub.id)).status).toBe('past_due');
    // No pull was ever tried for it.
    expect(await confirmedPulls(db(), sub.id)).toBe(0);
  });

  it('test clocks are refused in live mode', async () => {
    const res = await env.live('POST', '/test-clocks', { body: { frozen_time: '2027-01-01T00:00:00.000Z' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('test_clock_livemode');
  });
});

describe('exactly once across processes', () => {
  let other: ChildServer;
  beforeAll(async () => {
    other = await startChildServer(env.server.server.services.config.DATABASE_URL ?? '', {
      PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
      DATA_DIR: env.server.server.services.config.dataDir,
    });
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
  });

  it('two processes advancing the same clock create each invoice once', async () => {
    const clock = await newClock(env.test, '2027-01-15T00:00:00.000Z');
    const customer = await newCustomer(env.test, 'Twice');
    await chain.approve(9, token(), spender, 20n * PRICE);
    const subs = [await subscribe(customer, 9, clock), await subscribe(customer, 9, clock)];
    const second = clientFor(other.url, TEST_SECRET);
    const target = '2027-07-15T00:00:00.000Z';
    const answers = await Promise.all([advance(env.test, clock, target), advance(second, clock, target)]);
    expect(answers.map((a) => a.frozen_time)).toEqual([target, target]);
    for (const sub of subs) {
      const rows = await invoicesOf(db(), sub.id);
      const cycles = rows.filter((r) => r.billingReason === 'subscription_cycle');
      expect(cycles).toHaveLength(6);
      expect(new Set(cycles.map((r) => r.periodStart?.toISOString())).size).toBe(6);
      expect(cycles.every((r) => r.status === 'paid')).toBe(true);
      expect(await confirmedPulls(db(), sub.id)).toBe(7);
    }
  }, 180_000);
});
