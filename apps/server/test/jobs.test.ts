import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobQueue } from '../src/core/jobs/queue.js';
import { cloneTestDatabase } from './support/database.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await cloneTestDatabase();
  pool = new pg.Pool({ connectionString: db.url });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A queue whose one task counts its runs, so a test can see how often a key really ran. */
function countingQueue() {
  const runs: string[] = [];
  const queue = new JobQueue(pool, pino({ level: 'silent' }));
  queue.define('test:count', z.object({ label: z.string() }), async ({ label }) => {
    runs.push(label);
  });
  return { queue, runs };
}

async function queuedJobId(key: string): Promise<string> {
  const r = await pool.query<{ id: string }>(
    'SELECT id::text AS id FROM graphile_worker.jobs WHERE key = $1',
    [key],
  );
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`no queued job for ${key}`);
  return id;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('keyed jobs after a crash', () => {
  it('lets the retry of the same queue job take over a claim its dead process left running', async () => {
    const { queue, runs } = countingQueue();
    await queue.enqueue('test:count', { label: 'retry' }, { key: 'crash-1' });
    const jobId = await queuedJobId('crash-1');
    // What a process killed mid-run leaves behind: its claim, still `running`.
    await pool.query(
      `INSERT INTO job_runs (task, job_key, status, worker, queue_job_id) VALUES ('test:count', 'crash-1', 'running', 'dead:1', $1)`,
      [jobId],
    );
    await queue.start(1);
    try {
      await until(async () => {
        const r = await pool.query(
          `SELECT 1 FROM job_runs WHERE job_key = 'crash-1' AND status = 'succeeded'`,
        );
        return r.rowCount === 1;
      });
      expect(runs).toEqual(['retry']);
      const rows = await pool.query(`SELECT status, worker FROM job_runs WHERE job_key = 'crash-1'`);
      expect(rows.rows).toEqual([{ status: 'succeeded', worker: queue.workerId }]);
    } finally {
      await queue.stop();
    }
  });

  it('still refuses a different job with a key another job is running', async () => {
    const { queue, runs } = countingQueue();
    await pool.query(
      `INSERT INTO job_runs (task, job_key, status, worker, queue_job_id) VALUES ('test:count', 'busy-1', 'running', 'other:1', '999999')`,
    );
    await queue.enqueue('test:count', { label: 'duplicate' }, { key: 'busy-1' });
    await queue.start(1);
    try {
      await until(async () => {
        const left = await pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = 'busy-1'`);
        return left.rowCount === 0;
      });
      expect(runs).toEqual([]);
      const rows = await pool.query(`SELECT worker FROM job_runs WHERE job_key = 'busy-1'`);
      expect(rows.rows).toEqual([{ worker: 'other:1' }]);
    } finally {
      await queue.stop();
    }
  });

  it('runs a failed keyed job again on retry and records both attempts', async () => {
    let attempts = 0;
    const queue = new JobQueue(pool, pino({ level: 'silent' }));
    queue.define('test:flaky', z.object({}), async () => {
      attempts++;
      if (attempts === 1) throw new Error('first attempt fails');
    });
    await queue.enqueue('test:flaky', {}, { key: 'flaky-1', maxAttempts: 3 });
    // Make the retry due at once instead of after graphile-worker's backoff.
    await queue.start(1);
    try {
      await until(() => attempts >= 1);
      await until(async () => {
        await pool
          .query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = 'flaky-1'`)
          .catch(() => undefined);
        return attempts >= 2;
      }, 15_000);
      await until(async () => {
        const r = await pool.query(
          `SELECT 1 FROM job_runs WHERE job_key = 'flaky-1' AND status = 'succeeded'`,
        );
        return r.rowCount === 1;
      });
      const rows = await pool.query(`SELECT status FROM job_runs WHERE job_key = 'flaky-1' ORDER BY id`);
      expect(rows.rows.map((r: { status: string }) => r.status)).toEqual(['failed', 'succeeded']);
    } finally {
      await queue.stop();
    }
  });
});
