// Worker liveness: graphile-worker keeps a job locked by the worker that took it until that worker
// finishes it, or for 4 hours when the process died (kill -9, power cut, lost database). That would leave a
// payment confirmation stuck for 4 hours. Instead every process beats a row in `worker_heartbeats`, and a
// sweep (at start and every few seconds, in every process) releases the locks of queue workers that belong
// to no live process, so another process runs their jobs within a minute.
import type pg from 'pg';
import type { Logger } from 'pino';

/** How often a process rewrites its heartbeat row. */
export const HEARTBEAT_MS = 10_000;
/** A process silent for this long is dead: its queue workers' locks are released. */
export const TAKEOVER_AFTER_MS = 30_000;
/** Rows of processes gone this long are deleted (they only matter while their locks may exist). */
const FORGET_AFTER = '1 day';

type Queryable = Pick<pg.Pool, 'query'>;

export interface LivenessOptions {
  heartbeatMs?: number;
  takeoverAfterMs?: number;
}

export class WorkerLiveness {
  private readonly queueWorkers = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly heartbeatMs: number;
  private readonly takeoverAfterMs: number;

  constructor(
    private readonly pool: Queryable,
    private readonly processId: string,
    private readonly log: Logger,
    options: LivenessOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.takeoverAfterMs = options.takeoverAfterMs ?? TAKEOVER_AFTER_MS;
  }

  /** A queue worker of this process started: its locks are ours while we beat. */
  addWorker(workerId: string): void {
    this.queueWorkers.add(workerId);
  }

  removeWorker(workerId: string): void {
    this.queueWorkers.delete(workerId);
  }

  /** Beats and sweeps once now (before this process takes jobs), then every `heartbeatMs`. */
  async start(): Promise<void> {
    await this.tick();
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.ticking ??= this.tick()
        .catch((err: unknown) => this.log.warn({ err }, 'worker heartbeat failed'))
        .finally(() => (this.ticking = null));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops beating and removes this process's row (its workers released their jobs on a clean stop). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.pool
      .query('DELETE FROM worker_heartbeats WHERE process = $1', [this.processId])
      .catch(() => undefined);
  }

  async tick(): Promise<void> {
    await this.beat();
    await this.sweep();
  }

  private async beat(): Promise<void> {
    await this.pool.query(
      `INSERT INTO worker_heartbeats (process, queue_workers) VALUES ($1, $2::text[])
       ON CONFLICT (process) DO UPDATE SET queue_workers = excluded.queue_workers, beat_at = now()`,
      [this.processId, [...this.queueWorkers]],
    );
  }

  /**
   * Releases jobs (and job queues) locked longer than the takeover limit by a queue worker that no live
   * process claims. The lock's age matters too: a process that just took a job beats within seconds.
   * Returns the released worker ids.
   */
  async sweep(): Promise<string[]> {
    const limit = `${Math.ceil(this.takeoverAfterMs / 1000)} seconds`;
    const dead = await this.pool.query<{ locked_by: string }>(
      `SELECT DISTINCT locked_by FROM (
         SELECT locked_by, locked_at FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL
         UNION ALL
         SELECT locked_by, locked_at FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL
       ) AS locks
       WHERE locked_at < now() - $1::interval
         AND NOT EXISTS (
           SELECT 1 FROM worker_heartbeats h
           WHERE h.beat_at >= now() - $1::interval AND locks.locked_by = ANY(h.queue_workers)
         )`,
      [limit],
    );
    const ids = dead.rows.map((r) => r.locked_by);
    if (ids.length > 0) {
      await this.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [ids]);
      this.log.warn({ workers: ids }, 'released the jobs of dead workers so live ones take them over');
    }
    await this.pool.query(`DELETE FROM worker_heartbeats WHERE beat_at < now() - interval '${FORGET_AFTER}'`);
    return ids;
  }
}
