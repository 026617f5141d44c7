import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmedHandler, RejectedHandler, WatchEvent } from '../../src/rails/registry.js';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

// The confirmation watcher is a PostgreSQL job: it calls the registered callbacks once per payment, and
// a payment pending when the server stops completes on the next server of the same database.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let chain: TestChain;
const servers: TestServer[] = [];

async function server(): Promise<TestServer> {
  const s = await startTestServer(database.url);
  servers.push(s);
  return s;
}

function collect(s: TestServer) {
  const confirmed: Array<Omit<WatchEvent, 'rail'> & { amount: bigint }> = [];
  const rejected: Array<Omit<WatchEvent, 'rail'> & { reason: string }> = [];
  const onConfirmed: ConfirmedHandler = async (event, tx) => {
    // Handlers run inside the recording transaction: the row is visible to them.
    const seen = await tx.execute(sql`SELECT 1 FROM rail_transactions WHERE reference = ${event.reference}`);
    expect(seen.rows).toHaveLength(1);
    confirmed.push({
      methodId: event.methodId,
      reference: event.reference,
      txRef: event.txRef,
      amount: event.payment.amount,
    });
  };
  const onRejected: RejectedHandler = async (event) => {
    rejected.push({
      methodId: event.methodId,
      reference: event.reference,
      txRef: event.txRef,
      reason: event.reason,
    });
  };
  s.server.services.rails.onConfirmed(onConfirmed);
  s.server.services.rails.onRejected(onRejected);
  return { confirmed, rejected };
}

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
});

afterAll(async () => {
  for (const s of servers) await s.stop();
  await chain?.stop();
  await database?.drop();
});

describe('evm rail: confirmation watcher', () => {
  it('calls onConfirmed once however often the same payment is watched, and onRejected for a bad one', async () => {
    const s = await server();
    const seen = collect(s);
    const merchant = chain.freshAddress();
    const method = chain.method(merchant);
    const rails = s.server.services.rails;
    const good = await chain.sendTokenFor(
      'pi_watch_good',
      1,
      chain.tusd.contract ?? '',
      merchant,
      9_000_000n,
    );
    const expectation = { reference: 'pi_watch_good', asset: chain.tusd, amount: 9_000_000n };
    await rails.watch({ method, txRef: good, expectation });
    await rails.watch({ method, txRef: good, expectation });
    const low = await chain.sendTokenFor('pi_watch_low', 1, chain.tusd.contract ?? '', merchant, 1_000_000n);
    await rails.watch({ method, txRef: low, expectation: { ...expectation, reference: 'pi_watch_low' } });

    await until('both outcomes', () => (seen.confirmed.length && seen.rejected.length ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.confirmed).toEqual([
      { methodId: method.id, reference: 'pi_watch_good', txRef: good, amount: 9_000_000n },
    ]);
    expect(seen.rejected).toEqual([
      { methodId: method.id, reference: 'pi_watch_low', txRef: low, reason: 'underpaid' },
    ]);
  });

  it('watches inside the caller’s transaction: no commit, no watch', async () => {
    const s = servers[0] ?? (await server());
    const merchant = chain.freshAddress();
    const hash = await chain.sendToken(2, chain.tusd.contract ?? '', merchant, 1_000_000n);
    const db = s.server.services.database.db;
    await db
      .transaction(async (tx) => {
        await s.server.services.rails.watch(
          {
            method: chain.method(merchant),
            txRef: hash,
            expectation: { reference: 'pi_rb', asset: chain.tusd, amount: 1n },
          },
          tx,
        );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const jobs = await db.execute(
      sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key LIKE ${`%/${hash}/pi_rb/%`}`,
    );
    expect(jobs.rows[0]).toEqual({ n: 0 });
  });

  it('finishes a payment that was pending when the server stopped, on the next server', async () => {
    // Only the servers of this test may run jobs on this database.
    for (const s of servers.splice(0)) await s.stop();
    const first = await server();
    const firstSeen = collect(first);
    const merchant = chain.freshAddress();
    const method = chain.method(merchant, 3);
    const hash = await chain.sendTokenFor('pi_restart', 3, chain.tusd.contract ?? '', merchant, 12_000_000n);
    await first.server.services.rails.watch({
      method,
      txRef: hash,
      expectation: { reference: 'pi_restart', asset: chain.tusd, amount: 12_000_000n },
    });
    const pool = first.server.services.database.pool;
    // The watcher has looked at least once and found it pending (1 of 3 confirmations).
    await until('a first pending check', async () => {
      const r = await pool.query(
        `SELECT 1 FROM job_runs WHERE task = 'rails:evm:confirm' AND job_key LIKE $1 AND status = 'succeeded'`,
        [`%/${hash}/pi_restart/0`],
      );
      return r.rowCount ? true : undefined;
    });
    await first.stop();
    servers.splice(servers.indexOf(first), 1);
    expect(firstSeen.confirmed).toEqual([]);

    const second = await server();
    const secondSeen = collect(second);
    await chain.mine(2);
    const event = await until('the confirmation after restart', () => secondSeen.confirmed[0]);
    expect(event).toEqual({ methodId: method.id, reference: 'pi_restart', txRef: hash, amount: 12_000_000n });
    // The handler ran inside the recording transaction; once that commits there is exactly one row.
    const count = () =>
      second.server.services.database.pool
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM rail_transactions WHERE tx_hash = $1`, [hash])
        .then((r) => r.rows[0]?.n);
    expect(await until('the committed record', async () => ((await count()) ? true : undefined))).toBe(true);
    expect(await count()).toBe(1);
  });
});
