import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../src/db/schema/index.js';
import { chainFor, walletClientFor } from '../../src/rails/evm/client.js';
import { hotWalletAddress, loadHotWalletKey } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { invoicesOf, newClock, newCustomer } from './billing-support.js';
import { seedChainCatalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// An allowance pull whose committed transaction can never be mined: a renewal commits its invoice's
// pull (signed by the hot wallet with nonce 0) and the process dies before sending it; meanwhile the
// hot wallet's key sends another transaction with nonce 0. Re-sending the committed bytes fails forever
// ("nonce too low"), so the next start signs the pull again with a fresh nonce (committed first), and
// the invoice is paid exactly once: the customer is charged once, never twice, and nothing is stuck.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let crashing: ChildServer | undefined;
let next: TestServer | undefined;
const PRICE = 1_000_000n;
const PAYER = 6;

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
});
afterAll(async () => {
  if (crashing && crashing.process.signalCode === null && crashing.process.exitCode === null) {
    await crashing.stop();
  }
  await next?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('a committed pull whose nonce another transaction used', () => {
  it('is signed again with a fresh nonce: the invoice is paid once', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-pull-nonce-'));
    const hot = await hotWalletAddress(dataDir, chain.demo.chainId);
    await chain.setEth(hot, 10n ** 20n);
    const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
    crashing = await startChildServer(database.url, {
      ...env,
      PAYSHELF_CRASH_AT: 'pull:after-commit-before-send',
    });
    const client = clientFor(crashing.url, TEST_SECRET);
    const merchant = chain.freshAddress();
    const cat = await seedChainCatalog(client, chain, merchant);
    const token = chain.tusd.contract ?? '';
    const price = await recurringPrice(client, cat.currencyId, 'Nonce plan', PRICE.toString(), {
      interval: 'month',
    });
    const clock = await newClock(client, '2027-05-01T00:00:00.000Z');
    const customer = await newCustomer(client, 'Nonce');
    await chain.approve(PAYER, token, hot, 10n * PRICE);
    const created = await client('POST', '/subscriptions', {
      body: {
        customer_id: customer,
        items: [{ price_id: price, quantity: 1 }],
        currency_id: cat.currencyId,
        payment_method_id: cat.methodId,
        payer: chain.address(PAYER),
        test_clock_id: clock,
        // Nothing is pulled at the start: the first pull is the renewal's at the trial end, June 1.
        trial_period_days: 31,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const subId = String(created.body.id);
    const payerBefore = await chain.tokenBalance(token, chain.address(PAYER));
    const merchantBefore = await chain.tokenBalance(token, merchant);

    // The advance never answers: the process dies after committing the pull, before sending it.
    const target = { frozen_time: '2027-06-01T00:00:00.000Z' };
    await expect(client('POST', `/test-clocks/${clock}/advance`, { body: target })).rejects.toThrow();
    const died = crashing.process;
    await until('the process died', () =>
      died.signalCode !== null || died.exitCode !== null ? true : undefined,
    );
    expect(died.signalCode).toBe('SIGKILL');
    expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(0);

    // Another transaction from the hot wallet's key takes nonce 0, the pull's nonce.
    const key = await loadHotWalletKey(dataDir, chain.demo.chainId);
    const operator = walletClientFor(chainFor(chain.demo.chainId, chain.demo.rpcUrl), key);
    const other = await operator.sendTransaction({ to: getAddress(hot), value: 0n, nonce: 0 });
    await chain.client.waitForTransactionReceipt({ hash: other });

    next = await startTestServer(database.url, env);
    const db = next.server.services.database.db;
    const cycleInvoices = async () =>
      (await invoicesOf(db, subId)).filter((r) => r.billingReason === 'subscription_cycle');
    await until(
      'the cycle invoice is paid',
      async () => {
        const cycles = await cycleInvoices();
        return cycles.length === 1 && cycles[0]?.status === 'paid' ? true : undefined;
      },
      60_000,
    );
    const [invoice] = await cycleInvoices();
    const attempts = await db
      .select({ status: paymentAttempts.status, nonce: paymentAttempts.nonce, error: paymentAttempts.error })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, invoice?.paymentIntentId ?? ''))
      .orderBy(paymentAttempts.id);
    // The committed pull lost its nonce; the pull signed again with nonce 1 is the one that paid.
    expect(attempts).toEqual([
      { status: 'failed', nonce: 0n, error: 'nonce_taken' },
      { status: 'confirmed', nonce: 1n, error: null },
    ]);
    // Charged once: the payer paid and the merchant received exactly one period.
    expect(payerBefore - (await chain.tokenBalance(token, chain.address(PAYER)))).toBe(PRICE);
    expect((await chain.tokenBalance(token, merchant)) - merchantBefore).toBe(PRICE);
    expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(2);
  });
});
