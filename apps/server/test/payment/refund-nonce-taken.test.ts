import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFor, walletClientFor } from '../../src/rails/evm/client.js';
import { hotWalletAddress, loadHotWalletKey } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import {
  browserCall,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type SubmitAnswer,
} from './pay-support.js';
import { transfersOnChain } from './refund-support.js';
import { clientFor, TEST_SECRET } from './support.js';

// A refund whose committed transaction can never be mined: the server commits a late payment's refund
// (signed with nonce 0) and dies before sending it; meanwhile the hot wallet's key sends another
// transaction with nonce 0 (an operator's wallet using the same key). Re-sending the committed bytes
// fails forever ("nonce too low"), so the next start must sign the refund again with a fresh nonce
// (committed before it is sent) and the payer is refunded exactly once; it never stays `processing`.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
let crashing: ChildServer | undefined;
let next: TestServer | undefined;

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

describe('a committed refund whose nonce another transaction used', () => {
  it('is signed again with a fresh nonce and sent once', { timeout: 150_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-refund-nonce-'));
    const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
    crashing = await startChildServer(database.url, {
      ...env,
      PAYSHELF_CRASH_AT: 'refund:after-commit-before-broadcast',
    });
    const token = chain.tusd.contract ?? '';
    const hot = await hotWalletAddress(dataDir, chain.demo.chainId);
    await chain.setEth(hot, 10n ** 20n);
    await chain.sendToken(6, token, hot, 50_000_000n);

    const merchant = chain.freshAddress();
    const api = clientFor(crashing.url, TEST_SECRET);
    const cat = await seedChainCatalog(api, chain, merchant, 1, '3000000');
    const browser = new TestBrowser(crashing.url);
    await signIn(browser, newWallet('Rae Refund', 'rae@example.com'));
    const created = await api('POST', '/checkout-sessions', {
      body: {
        line_items: [
          {
            price_id: cat.priceId,
            quantity: 1,
            adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 },
          },
        ],
      },
    });
    const cs = String(created.body.id);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status).toBe(200);
    const first = submitted.body as unknown as SubmitAnswer;
    const adjusted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/adjust-quantity`, {
      itemId: cat.priceId,
      quantity: 2,
    });
    expect(adjusted.status).toBe(200);
    // The transfer the wallet signed for the first total arrives late: it is owed back.
    const payer = chain.address(1);
    const hash = await chain.pay(1, walletRequest(first));
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });

    // The send job commits the refund's transaction, then the process dies before sending it.
    const died = crashing.process;
    await until('the process died', () =>
      died.signalCode !== null || died.exitCode !== null ? true : undefined,
    );
    expect(died.signalCode).toBe('SIGKILL');
    expect(await transfersOnChain(chain, token, hot, payer)).toEqual([]);
    expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(0);

    // Another transaction from the hot wallet's key takes nonce 0, the refund's nonce.
    const key = await loadHotWalletKey(dataDir, chain.demo.chainId);
    const operator = walletClientFor(chainFor(chain.demo.chainId, chain.demo.rpcUrl), key);
    const other = await operator.sendTransaction({ to: getAddress(hot), value: 0n, nonce: 0 });
    await chain.client.waitForTransactionReceipt({ hash: other });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const [committed] = (
      await db.query<{ tx_ref: string; status: string }>('SELECT tx_ref, status FROM refunds')
    ).rows;
    await db.end();
    expect(committed?.status).toBe('processing');

    next = await startTestServer(database.url, env);
    const pool = next.server.services.database.pool;
    const refund = await until('refund settled after restart', async () => {
      const rows = await pool.query<{ status: string; tx_ref: string; nonce: string; attempt_count: number }>(
        'SELECT status, tx_ref, nonce, attempt_count FROM refunds',
      );
      const row = rows.rows[0];
      return row?.status === 'succeeded' ? rows.rows : undefined;
    });
    expect(refund).toHaveLength(1);
    // Signed a second time, with nonce 1: a new transaction, the only transfer to the payer.
    expect(refund[0]).toMatchObject({ status: 'succeeded', nonce: '1', attempt_count: 2 });
    expect(refund[0]?.tx_ref).not.toBe(committed?.tx_ref);
    expect(await transfersOnChain(chain, token, hot, payer)).toEqual([
      { hash: refund[0]?.tx_ref, amount: 3_000_000n },
    ]);
    expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(2);
  });
});
