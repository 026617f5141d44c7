import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import { createPublicClient, erc20Abi, getAddress, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { signIn, TestBrowser } from '../support/identity.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { browserCall, seedChainCatalog, submitBody } from './pay-support.js';
import { recurringPrice, subscriptionSession } from './subscription-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A power cut between committing a DID wallet's signed allowance approve (allowance_grants) and sending
// it: the server kills itself (SIGKILL) there. The next server on the same database sends that same
// signed approve at start, so the customer's allowance is exactly the N periods offered, the grant is
// marked sent, and the trial subscription takes the signer as its payer. Nothing is asked twice.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let crashing: ChildServer | undefined;
let next: TestServer | undefined;
const PRICE = 3_000_000n;

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

describe('kill -9 between committing an allowance approve and sending it', () => {
  it(
    'the next start sends the committed approve once; the trial gets its payer',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-approve-crash-'));
      const spender = await hotWalletAddress(dataDir, chain.demo.chainId);
      const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
      crashing = await startChildServer(database.url, {
        ...env,
        PAYSHELF_CRASH_AT: 'approve:after-commit-before-broadcast',
      });
      const merchant = clientFor(crashing.url, TEST_SECRET);
      const cat = await seedChainCatalog(merchant, chain, chain.freshAddress());
      const monthly = await recurringPrice(merchant, cat.currencyId, 'Crash plan', PRICE.toString(), {
        interval: 'month',
      });
      const cs = await subscriptionSession(merchant, [{ price_id: monthly, quantity: 1 }], {
        trial_period_days: 7,
      });

      const key = fromRandom();
      const browser = new TestBrowser(crashing.url);
      const did = (await signIn(browser, new HeadlessWallet(key, { profile: { fullName: 'Ada Crash' } })))
        .did;
      const payer = evmAccountOf(key).address;
      await chain.setEth(payer, 10n ** 18n);
      const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
      expect(submitted.status).toBe(200);
      const token = await browser.post('/api/did/checkout/token', {
        checkoutSessionId: cs,
        sessionUserDid: did,
      });
      const { url } = (await token.json()) as { url: string };
      const wallet = new HeadlessWallet(key, {
        profile: { fullName: 'Ada Crash' },
        answerers: { signature: evmSignatureAnswerer },
      });
      // The wallet's answer never gets a reply: the server died under it.
      await expect(wallet.approve(url)).rejects.toThrow();
      const died = crashing.process;
      await until('the process died', () =>
        died.signalCode !== null || died.exitCode !== null ? true : undefined,
      );
      expect(died.signalCode).toBe('SIGKILL');

      const client = createPublicClient({ transport: http(chain.demo.rpcUrl) });
      const allowance = () =>
        client.readContract({
          address: getAddress(chain.tusd.contract ?? ''),
          abi: erc20Abi,
          functionName: 'allowance',
          args: [getAddress(payer), getAddress(spender) as Address],
        });
      // Committed, not sent: nothing on chain yet.
      expect(await allowance()).toBe(0n);

      next = await startTestServer(database.url, env);
      const pool = next.server.services.database.pool;
      await until('the approve was sent', async () => {
        const rows = await pool.query<{ status: string }>(
          'SELECT status FROM allowance_grants WHERE checkout_session_id = $1',
          [cs],
        );
        return rows.rows[0]?.status === 'broadcast' ? true : undefined;
      });
      await until('the approve is mined', async () => ((await allowance()) > 0n ? true : undefined));
      expect(await allowance()).toBe(12n * PRICE);
      const grants = await pool.query('SELECT 1 FROM allowance_grants WHERE checkout_session_id = $1', [cs]);
      expect(grants.rowCount).toBe(1);
      const sub = await pool.query<{ payer: string | null; status: string }>(
        'SELECT s.payer, s.status FROM subscriptions s JOIN checkout_sessions c ON c.subscription_id = s.id WHERE c.id = $1',
        [cs],
      );
      expect(sub.rows[0]).toMatchObject({ status: 'trialing' });
      expect(sub.rows[0]?.payer?.toLowerCase()).toBe(payer.toLowerCase());
    },
  );
});
