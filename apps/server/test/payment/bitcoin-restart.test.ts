import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { bitcoinCheckout, bitcoinMethod, startBitcoinChain, type BitcoinChain } from './bitcoin-support.js';
import { browserCall } from './pay-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A Bitcoin payment seen in the mempool when the server stops is watched again by the next server of
// the same database (the watch is a job in PostgreSQL) and completes the checkout once mined.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: BitcoinChain;
const servers: TestServer[] = [];

const start = async () => {
  const s = await startTestServer(database.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET });
  servers.push(s);
  return s;
};

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startBitcoinChain()]);
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await chain?.stop();
  await database?.drop();
});

describe('bitcoin: server restart while a payment is pending', () => {
  it('completes after the restart', async () => {
    const first = await start();
    const client = clientFor(first.url, TEST_SECRET);
    const method = await bitcoinMethod(client, chain, 1);
    const browser = new TestBrowser(first.url);
    await signIn(browser, newWallet('Rita Restart', 'rita@example.com'));
    const a = await bitcoinCheckout(client, browser, method, 80_000n);
    const paid = await chain.wallet.pay(a.address, 80_000n);
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${a.cs}/tx`, { txHash: paid.txid });
    expect(posted.body).toMatchObject({ status: 'open' });
    const pool = first.server.services.database.pool;
    await until('a first pending check', async () => {
      const r = await pool.query(
        `SELECT 1 FROM job_runs WHERE task = 'rails:bitcoin:confirm' AND job_key LIKE $1 AND status = 'succeeded'`,
        [`%/${paid.txid}/%`],
      );
      return r.rowCount ? true : undefined;
    });
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    chain.mine();
    const second = await start();
    const anonymous = clientFor(second.url, null);
    const done = await until(
      'completion on the second server',
      async () => {
        const view = await anonymous('GET', `/checkout-sessions/retrieve/${a.cs}`);
        const session = view.body.checkoutSession as { status: string };
        return session.status === 'complete' ? view.body : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({
      checkoutSession: { status: 'complete', payment_status: 'paid' },
      paymentIntent: { status: 'succeeded', payment_details: { type: 'bitcoin', tx_hash: paid.txid } },
    });
  });
});
