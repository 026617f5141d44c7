import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewatchProcessing } from '../../src/payment/intents/rewatch.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import {
  browserCall,
  newSession,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type SubmitAnswer,
} from './pay-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A processing payment whose confirmation job is gone (failed for good, or lost with a restored backup)
// gets a new watch from the periodic rewatch pass, and completes.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let server: TestServer;

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
  server = await startTestServer(database.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET });
});
afterAll(async () => {
  await server?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('processing payments without a watch', () => {
  it('are watched again and complete', async () => {
    const merchant = chain.freshAddress();
    const cat = await seedChainCatalog(clientFor(server.url, TEST_SECRET), chain, merchant, 3);
    const browser = new TestBrowser(server.url);
    await signIn(browser, newWallet('Wes Watch', 'wes@example.com'));
    const cs = await newSession(clientFor(server.url, TEST_SECRET), cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    const answer = submitted.body as unknown as SubmitAnswer;
    const hash = await chain.pay(1, walletRequest(answer));
    await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    const { pool } = server.server.services.database;
    // The watch is lost, and the intent has been processing for a while.
    await server.server.services.jobs.stop();
    await pool.query(`DELETE FROM graphile_worker._private_jobs`);
    await pool.query(`UPDATE payment_intents SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [
      answer.paymentIntent.id,
    ]);
    // The start of the job queue runs a rewatch pass; a second pass finds nothing left to watch.
    await server.server.services.jobs.start(2);
    await until('a new watch', async () => {
      const r = await pool.query(`SELECT 1 FROM graphile_worker._private_jobs WHERE payload::text LIKE $1`, [
        `%${hash.toLowerCase()}%`,
      ]);
      return r.rowCount ? true : undefined;
    });
    expect(await rewatchProcessing(server.server.services)).toBe(0);
    await chain.mine(3);
    const anonymous = clientFor(server.url, null);
    await until(
      'completion',
      async () => {
        const view = await anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
        return (view.body.checkoutSession as { status: string }).status === 'complete' ? true : undefined;
      },
      30_000,
    );
  }, 90_000);
});
