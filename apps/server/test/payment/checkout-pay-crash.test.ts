import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { browserCall, newSession, seedChainCatalog, submitBody } from './pay-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A real power cut: the server process kills itself (SIGKILL) right after committing the DID wallet's
// signed transfer and before broadcasting it. The next server on the same database sends that same
// transaction at start and completes the order: charged exactly once, nothing stuck.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let crashing: ChildServer | undefined;
let next: TestServer | undefined;

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
});
afterAll(async () => {
  // A process killed by a signal has no exit code; stop() waits only for a live one.
  if (crashing && crashing.process.signalCode === null && crashing.process.exitCode === null) {
    await crashing.stop();
  }
  await next?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('kill -9 between committing a DID payment and broadcasting it', () => {
  it(
    'the next start sends the committed transaction once and completes the order',
    { timeout: 150_000 },
    async () => {
      crashing = await startChildServer(database.url, {
        PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
        PAYSHELF_CRASH_AT: 'pay:after-commit-before-broadcast',
      });
      const merchant = chain.freshAddress();
      const cat = await seedChainCatalog(clientFor(crashing.url, TEST_SECRET), chain, merchant, 1, '7000000');
      const browser = new TestBrowser(crashing.url);
      const userDid = (await signIn(browser, newWallet('Kim Crash', 'kim@example.com'))).did;
      const cs = await newSession(clientFor(crashing.url, TEST_SECRET), cat.priceId);
      const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
      expect(submitted.status).toBe(200);

      const key = fromRandom();
      const payer = evmAccountOf(key).address;
      await chain.setEth(payer, 10n ** 18n);
      await chain.sendToken(1, chain.tusd.contract ?? '', payer, 20_000_000n);
      const wallet = new HeadlessWallet(key, { answerers: { signature: evmSignatureAnswerer } });
      const token = await browser.post('/api/did/checkout/token', {
        checkoutSessionId: cs,
        sessionUserDid: userDid,
      });
      const { url } = (await token.json()) as { url: string };
      // The wallet's answer never gets a reply: the server died under it.
      await expect(wallet.approve(url)).rejects.toThrow();
      const died = crashing.process;
      await until('the process died', () =>
        died.signalCode !== null || died.exitCode !== null ? true : undefined,
      );
      expect(died.signalCode).toBe('SIGKILL');
      // Nothing was sent: the payer still holds everything.
      expect(await chain.tokenBalance(chain.tusd.contract ?? '', payer)).toBe(20_000_000n);

      next = await startTestServer(database.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET });
      const anonymous = clientFor(next.url, null);
      await until('completed after restart', async () => {
        const view = await anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
        const session = view.body.checkoutSession as { status: string } | undefined;
        return session?.status === 'complete' ? true : undefined;
      });
      expect(await chain.tokenBalance(chain.tusd.contract ?? '', payer)).toBe(13_000_000n);
      expect(await chain.tokenBalance(chain.tusd.contract ?? '', merchant)).toBe(7_000_000n);
      const attempts = await next.server.services.database.pool.query<{ status: string }>(
        'SELECT status FROM payment_attempts',
      );
      expect(attempts.rows).toEqual([{ status: 'confirmed' }]);
    },
  );
});
