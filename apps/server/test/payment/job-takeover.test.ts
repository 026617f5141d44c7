import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startChildServer, type ChildServer } from '../support/server.js';
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

// Stuck payments: a server killed (kill -9) while its confirmation job runs leaves that job locked by a
// worker that no longer exists. graphile-worker alone retries it after 4 hours; the worker heartbeat
// sweep of the next server hands it over within a minute, and the checkout completes.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let pool: pg.Pool;
const children: ChildServer[] = [];

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await pool?.end();
  await chain?.stop();
  await database?.drop();
});

const exited = (c: ChildServer) =>
  new Promise<void>((resolve) =>
    c.process.exitCode !== null || c.process.signalCode !== null
      ? resolve()
      : c.process.once('exit', () => resolve()),
  );

describe('jobs: a dead worker’s confirmation job is taken over', () => {
  it('completes the payment within 60 s after the server died inside the confirmation job', async () => {
    const first = await startChildServer(database.url, {
      PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
      PAYSHELF_CRASH_AT: 'confirm:before-commit',
      // The production limit: this test proves a takeover within a minute as installs run it.
      JOB_TAKEOVER_AFTER_SECONDS: '30',
    });
    children.push(first);
    const merchant = chain.freshAddress();
    const cat = await seedChainCatalog(clientFor(first.url, TEST_SECRET), chain, merchant, 3);
    const browser = new TestBrowser(first.url);
    await signIn(browser, newWallet('Kim Kill', 'kim@example.com'));
    const cs = await newSession(clientFor(first.url, TEST_SECRET), cat.priceId);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const hash = await chain.pay(1, walletRequest(submitted.body as unknown as SubmitAnswer));
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect(posted.body).toMatchObject({ status: 'open' });

    // Enough confirmations: the next check confirms, records the payment and dies before committing.
    await chain.mine(3);
    await until(
      'the server to die inside the confirmation job',
      () => exited(first).then(() => true),
      30_000,
    );
    const locked = await pool.query<{ locked_by: string }>(
      `SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'rails:evm:confirm' AND locked_by IS NOT NULL`,
    );
    expect(locked.rowCount).toBe(1);

    const killedAt = Date.now();
    const second = await startChildServer(database.url, {
      PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
      JOB_TAKEOVER_AFTER_SECONDS: '30',
    });
    children.push(second);
    const anonymous = clientFor(second.url, null);
    const done = await until(
      'completion on the next server',
      async () => {
        const view = await anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
        const session = view.body.checkoutSession as { status: string };
        return session.status === 'complete' ? view.body : undefined;
      },
      60_000,
    );
    const seconds = (Date.now() - killedAt) / 1000;
    console.info(`job takeover: checkout completed ${seconds.toFixed(1)} s after the restart`);
    expect(done).toMatchObject({
      checkoutSession: { status: 'complete', payment_status: 'paid' },
      paymentIntent: { status: 'succeeded' },
    });
    // The payment may complete first through the startup reconcile of in-flight attempts; the dead
    // worker's lock on its confirmation job is released by the liveness sweep within a minute.
    await until(
      'no job left locked by the dead worker',
      async () =>
        (await pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE locked_by IS NOT NULL`)).rowCount === 0
          ? true
          : undefined,
      60_000,
    );
    console.info(
      `job takeover: no job locked ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the restart`,
    );
    await second.stop();
  }, 150_000);
});
