import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { confirmedPulls, invoicesOf, newClock, newCustomer } from './billing-support.js';
import { seedChainCatalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A power cut during a renewal run: the server process kills itself (SIGKILL) while a test clock
// advance renews a subscription, right after the renewal committed its invoice (before collecting
// it), or right after the pull was committed (before it was sent). The next server on the same
// database finishes the period: exactly one cycle invoice and one pull for it, charged once. The
// subscription starts with a trial, so the renewal at its end makes the first pull.
let chain: TestChain;
const PRICE = 1_000_000n;
const databases: Array<Awaited<ReturnType<typeof cloneTestDatabase>>> = [];
const children: ChildServer[] = [];
const servers: TestServer[] = [];

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  for (const child of children) {
    if (child.process.signalCode === null && child.process.exitCode === null) await child.stop();
  }
  for (const server of servers) await server.stop();
  await chain?.stop();
  for (const db of databases) await db.drop();
});

describe('kill -9 in a renewal run', () => {
  it.each(['renew:after-commit-before-collect', 'pull:after-commit-before-send'])(
    'crash at %s: after a restart the period has one invoice and one pull',
    { timeout: 180_000 },
    async (point) => {
      const database = await cloneTestDatabase();
      databases.push(database);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-renewal-crash-'));
      const spender = await hotWalletAddress(dataDir, chain.demo.chainId);
      await chain.setEth(spender, 10n ** 20n);
      const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
      const crashing = await startChildServer(database.url, { ...env, PAYSHELF_CRASH_AT: point });
      children.push(crashing);
      const client = clientFor(crashing.url, TEST_SECRET);
      const merchant = chain.freshAddress();
      const cat = await seedChainCatalog(client, chain, merchant);
      const price = await recurringPrice(client, cat.currencyId, 'Crash plan', PRICE.toString(), {
        interval: 'month',
      });
      const clock = await newClock(client, '2027-05-01T00:00:00.000Z');
      const customer = await newCustomer(client, 'Crash');
      const payerIndex = point.startsWith('renew') ? 5 : 6;
      await chain.approve(payerIndex, chain.tusd.contract ?? '', spender, 10n * PRICE);
      const created = await client('POST', '/subscriptions', {
        body: {
          customer_id: customer,
          items: [{ price_id: price, quantity: 1 }],
          currency_id: cat.currencyId,
          payment_method_id: cat.methodId,
          payer: chain.address(payerIndex),
          test_clock_id: clock,
          // A 31-day trial: nothing is pulled at the start, so the first pull (the crash point's) is
          // the renewal's at the trial end, June 1.
          trial_period_days: 31,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const subId = String(created.body.id);
      const before = await chain.tokenBalance(chain.tusd.contract ?? '', merchant);

      // The advance never answers: the process dies in the renewal.
      const target = { frozen_time: '2027-06-01T00:00:00.000Z' };
      await expect(client('POST', `/test-clocks/${clock}/advance`, { body: target })).rejects.toThrow();
      const died = crashing.process;
      await until('the process died', () =>
        died.signalCode !== null || died.exitCode !== null ? true : undefined,
      );
      expect(died.signalCode).toBe('SIGKILL');

      const next = await startTestServer(database.url, env);
      servers.push(next);
      const again = clientFor(next.url, TEST_SECRET);
      const advanced = await again('POST', `/test-clocks/${clock}/advance`, { body: target });
      expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
      const db = next.server.services.database.db;
      await until(
        'the cycle invoice is paid',
        async () => {
          const cycles = (await invoicesOf(db, subId)).filter(
            (r) => r.billingReason === 'subscription_cycle',
          );
          return cycles.length === 1 && cycles[0]?.status === 'paid' ? true : undefined;
        },
        60_000,
      );
      const cycles = (await invoicesOf(db, subId)).filter((r) => r.billingReason === 'subscription_cycle');
      expect(cycles).toHaveLength(1);
      // One confirmed pull for the period, the merchant paid once.
      expect(await confirmedPulls(db, subId)).toBe(1);
      expect((await chain.tokenBalance(chain.tusd.contract ?? '', merchant)) - before).toBe(PRICE);
    },
  );
});
