import pg from 'pg';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFor, walletClientFor } from '../../src/rails/evm/client.js';
import { loadHotWalletKey } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { crashAfterRefundCommit, transfersOnChain } from './refund-support.js';

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
    const { env, dataDir, token, hot, payer } = await crashAfterRefundCommit(database.url, chain, (c) => {
      crashing = c;
    });

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
