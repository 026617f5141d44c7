import { z } from 'zod';
import type { JobQueue } from './queue.js';

/** Retention: execution records are kept 30 days, oversized realtime payloads one hour,
 * rate-limit counters one day (their windows are minutes). */
export function registerMaintenanceJobs(
  jobs: JobQueue,
  pool: { query(sql: string): Promise<unknown> },
): void {
  jobs.define('platform:prune', z.object({}).passthrough(), async (_payload, { log }) => {
    await pool.query(`DELETE FROM job_runs WHERE started_at < now() - interval '30 days'`);
    await pool.query(`DELETE FROM realtime_overflow WHERE created_at < now() - interval '1 hour'`);
    await pool.query(`DELETE FROM rate_limit_hits WHERE created_at < now() - interval '1 day'`);
    log.info('pruned old job runs and realtime payloads');
  });
  jobs.schedule('17 * * * *', 'platform:prune');
}
