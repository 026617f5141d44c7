import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDueBatch } from '../../src/payment/billing/index.js';
import { renewDueNow } from '../../src/payment/flows/billing-run.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { confirmedPulls, invoicesOf, newClock, newCustomer } from './billing-support.js';
import { seedChainCatalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// Two servers (each its own pool, job queue and relay listener) on one database and one test clock
// renew the same due subscriptions at the same moment: first their batch renewals race directly
// (one waits on the row locks, one skips the locked rows), then both advance the clock at once. Each
// subscription ends with exactly one cycle invoice per period, each with its own number, and one
// confirmed pull per invoice: the merchant is paid once per subscription and period. The same holds
// for the real-time tick's batches (SKIP LOCKED, collection jobs queued in the batch).
let chain: TestChain;
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
const servers: TestServer[] = [];
const PRICE = 1_000_000n;
const JUNE_1 = '2027-06-01T00:00:00.000Z';
const JULY_1 = '2027-07-01T00:00:00.000Z';

beforeAll(async () => {
  chain = await startChain();
  database = await cloneTestDatabase();
}, 120_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  await chain?.stop();
  await database?.drop();
});

describe('two processes renew one clock', () => {
  it('each subscription gets one invoice and one pull per period', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-two-process-'));
    const spender = await hotWalletAddress(dataDir, chain.demo.chainId);
    await chain.setEth(spender, 10n ** 20n);
    const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
    const a = await startTestServer(database.url, env);
    servers.push(a);
    const b = await startTestServer(database.url, env);
    servers.push(b);
    const clientA = clientFor(a.url, TEST_SECRET);
    const clientB = clientFor(b.url, TEST_SECRET);
    const merchant = chain.freshAddress();
    const cat = await seedChainCatalog(clientA, chain, merchant);
    const price = await recurringPrice(clientA, cat.currencyId, 'Shared plan', PRICE.toString(), {
      interval: 'month',
    });
    const clock = await newClock(clientA, '2027-05-01T00:00:00.000Z');
    const before = await chain.tokenBalance(chain.tusd.contract ?? '', merchant);

    // Four subscriptions: two on a trial (renewed one by one at its end) and two active (renewed in
    // bulk), each paying from its own allowance.
    const subs: string[] = [];
    for (const [index, trial] of [
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ] as const) {
      await chain.approve(index, chain.tusd.contract ?? '', spender, 10n * PRICE);
      const customer = await newCustomer(clientA, `Shared ${index}`);
      const created = await clientA('POST', '/subscriptions', {
        body: {
          customer_id: customer,
          items: [{ price_id: price, quantity: 1 }],
          currency_id: cat.currencyId,
          payment_method_id: cat.methodId,
          payer: chain.address(index),
          test_clock_id: clock,
          ...(trial ? { trial_period_days: 31 } : {}),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      subs.push(String(created.body.id));
    }
    const paidAtStart = 2n;

    // June 1: both processes' batch renewals race on the same due rows.
    const ctxOf = (s: TestServer) => ({ db: s.server.services.database.db, services: s.server.services });
    const now = new Date(JUNE_1);
    const [waited, skipped] = await Promise.all([
      renewDueBatch(ctxOf(a), { clockId: clock, now }),
      renewDueBatch(ctxOf(b), { clockId: clock, now, skipLocked: true }),
    ]);
    const renewed = [...waited, ...skipped].filter((o) => o.kind === 'renewed' && o.invoice);
    expect(renewed).toHaveLength(4);
    // Then both advance the clock at once (the collections run, once).
    const advanced = await Promise.all([
      clientA('POST', `/test-clocks/${clock}/advance`, { body: { frozen_time: JUNE_1 } }),
      clientB('POST', `/test-clocks/${clock}/advance`, { body: { frozen_time: JUNE_1 } }),
    ]);
    for (const res of advanced) expect(res.status, JSON.stringify(res.body)).toBe(200);
    // July 1: both advance at once again; the renewals and collections run once.
    const july = await Promise.all([
      clientA('POST', `/test-clocks/${clock}/advance`, { body: { frozen_time: JULY_1 } }),
      clientB('POST', `/test-clocks/${clock}/advance`, { body: { frozen_time: JULY_1 } }),
    ]);
    for (const res of july) expect(res.status, JSON.stringify(res.body)).toBe(200);

    const db = a.server.services.database.db;
    const numbers = new Set<string>();
    for (const [i, id] of subs.entries()) {
      const cycles = (await invoicesOf(db, id)).filter((r) => r.billingReason === 'subscription_cycle');
      expect(cycles.map((r) => [r.periodStart?.toISOString(), r.status])).toEqual([
        [JUNE_1, 'paid'],
        [JULY_1, 'paid'],
      ]);
      for (const r of cycles) numbers.add(r.number ?? '');
      // One pull per paid invoice: the two cycles, plus the first period of an active subscription.
      expect(await confirmedPulls(db, id)).toBe(i < 2 ? 2 : 3);
    }
    expect(numbers.size).toBe(8);
    const received = (await chain.tokenBalance(chain.tusd.contract ?? '', merchant)) - before;
    expect(received).toBe(PRICE * (8n + paidAtStart));

    // Real time: two subscriptions whose period ended a minute ago; both processes run the tick's
    // renewal batches at once. Each gets one cycle invoice, whose collection job (queued inside the
    // batch) the job workers run once: one more pull each.
    const live: string[] = [];
    for (const index of [5, 6]) {
      await chain.approve(index, chain.tusd.contract ?? '', spender, 10n * PRICE);
      const customer = await newCustomer(clientA, `Real time ${index}`);
      const created = await clientA('POST', '/subscriptions', {
        body: {
          customer_id: customer,
          items: [{ price_id: price, quantity: 1 }],
          currency_id: cat.currencyId,
          payment_method_id: cat.methodId,
          payer: chain.address(index),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      live.push(String(created.body.id));
    }
    await a.server.services.database.pool.query(
      `update subscriptions set billing_cycle_anchor = date_trunc('minute', now()) - interval '1 month' - interval '1 minute',
         current_period_start = date_trunc('minute', now()) - interval '1 month' - interval '1 minute',
         current_period_end = date_trunc('minute', now()) - interval '1 minute'
       where id = any($1)`,
      [live],
    );
    const realNow = new Date();
    const counts = await Promise.all([renewDueNow(ctxOf(a), realNow), renewDueNow(ctxOf(b), realNow)]);
    // The servers' own minute tick runs the same batches: when a minute turns between the update above
    // and these calls, it renews some of the two first. What must hold is that each is renewed once
    // (one cycle invoice, one more pull, checked below), whoever ran the batch.
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(2);
    for (const id of live) {
      await until(
        'the real-time cycle invoice is paid',
        async () => {
          const cycles = (await invoicesOf(db, id)).filter((r) => r.billingReason === 'subscription_cycle');
          return cycles.length === 1 && cycles[0]?.status === 'paid' ? true : undefined;
        },
        60_000,
      );
      expect(await confirmedPulls(db, id)).toBe(2);
    }
  });
});
