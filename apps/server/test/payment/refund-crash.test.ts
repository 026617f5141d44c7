import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { crashAfterRefundCommit, transfersOnChain } from './refund-support.js';

// A power cut while refunding: the server commits a late payment's refund (its signed transaction,
// hash and nonce) and dies (SIGKILL) before sending it. The next start, on the same database and data
// directory (the same hot wallet), sends that same transaction: the payer is refunded exactly once.
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

describe('kill -9 between committing a refund and sending it', () => {
  it('the next start sends the committed refund once', { timeout: 150_000 }, async () => {
    const { env, token, hot, payer } = await crashAfterRefundCommit(database.url, chain, (c) => {
      crashing = c;
    });

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
    // The transaction committed before the crash is the one that was sent: one transfer, one nonce.
    expect(refund[0]).toMatchObject({ status: 'succeeded', nonce: '0', attempt_count: 1 });
    expect(await transfersOnChain(chain, token, hot, payer)).toEqual([
      { hash: refund[0]?.tx_ref, amount: 3_000_000n },
    ]);
    expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(1);
  });
});
