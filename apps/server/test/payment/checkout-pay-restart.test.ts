import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// A payment pending (1 of 3 confirmations) when the server stops is picked up by the next server of
// the same database and completes the checkout there.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
const servers: TestServer[] = [];

const start = async () => {
  const s = await startTestServer(database.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET });
  servers.push(s);
  return s;
};

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await chain?.stop();
  await database?.drop();
});

describe('checkout: server restart while a payment is pending', () => {
  it('completes after the restart', async () => {
    const first = await start();
    const merchant = chain.freshAddress();
    const cat = await seedChainCatalog(clientFor(first.url, TEST_SECRET), chain, merchant, 3);
    const browser = new TestBrowser(first.url);
    await signIn(browser, newWallet('Rita Restart', 'rita@example.com'));
    const cs = await newSession(clientFor(first.url, TEST_SECRET), cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const hash = await chain.pay(1, walletRequest(submitted.body as unknown as SubmitAnswer));
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect(posted.body).toMatchObject({ status: 'open' });
    // The watcher has checked at least once and found it pending.
    const pool = first.server.services.database.pool;
    await until('a first pending check', async () => {
      const r = await pool.query(
        `SELECT 1 FROM job_runs WHERE task = 'rails:evm:confirm' AND job_key LIKE $1 AND status = 'succeeded'`,
        [`%/${hash.toLowerCase()}/%`],
      );
      return r.rowCount ? true : undefined;
    });
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    await chain.mine(2);
    const second = await start();
    const anonymous = clientFor(second.url, null);
    const done = await until(
      'completion on the second server',
      async () => {
        const view = await anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
        const session = view.body.checkoutSession as { status: string; payment_status: string };
        return session.status === 'complete' ? view.body : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({
      checkoutSession: { status: 'complete', payment_status: 'paid' },
      paymentIntent: { status: 'succeeded', payment_details: { tx_hash: hash.toLowerCase() } },
    });
  });
});
