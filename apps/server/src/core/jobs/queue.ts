import { EventEmitter } from 'node:events';
import os from 'node:os';
import {
  Logger as WorkerLogger,
  parseCrontab,
  run,
  runMigrations,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { WorkerLiveness, type LivenessOptions } from './liveness.js';

export interface JobContext {
  jobKey: string | null;
  attempt: number;
  log: Logger;
}

interface JobDefinition<S extends z.ZodType> {
  payload: S;
  run: (payload: z.infer<S>, ctx: JobContext) => Promise<void>;
}

export interface EnqueueOptions {
  /** Idempotency key: a keyed job runs once, however often and from however many processes it is enqueued. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * PostgreSQL-backed jobs on graphile-worker. Jobs are added with SQL (`graphile_worker.add_job`), so a
 * caller can enqueue inside its own transaction and the job exists exactly when the business change
 * commits. Every execution is recorded in `job_runs`; a partial unique index on (task, job_key) makes a
 * keyed job run once even when enqueued again after it finished.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  private readonly cron: string[] = [];
  private readonly startup: Array<{ task: string; payload: unknown }> = [];
  private runner: Runner | null = null;
  private readonly onStart: Array<() => Promise<void>> = [];
  readonly workerId = `${os.hostname()}:${process.pid}:${Date.now().toString(36)}`;
  readonly liveness: WorkerLiveness;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    liveness: LivenessOptions = {},
  ) {
    this.liveness = new WorkerLiveness(pool, this.workerId, log.child({ component: 'jobs' }), liveness);
  }

  define<S extends z.ZodType>(task: string, payload: S, handler: JobDefinition<S>['run']): void {
    if (this.definitions.has(task)) throw new Error(`job ${task} defined twice`);
    this.definitions.set(task, { payload, run: handler as JobDefinition<z.ZodType>['run'] });
  }

  /** Adds a cron line (`m h dom mon dow task`); graphile-worker makes sure one process runs each tick. */
  schedule(expression: string, task: string): void {
    this.cron.push(`${expression} ${task}`);
  }

  /** Runs `task` once each time the queue starts (after a crash too), besides its schedule. */
  atStart(task: string, payload: unknown = {}): void {
    this.startup.push({ task, payload });
  }

  /** Runs once the queue's tables exist and its workers run (for example: a first pass of a periodic job). */
  whenStarted(hook: () => Promise<void>): void {
    this.onStart.push(hook);
  }

  async enqueue(
    task: string,
    payload: unknown,
    options: EnqueueOptions = {},
    db: Queryable = this.pool,
  ): Promise<void> {
    const definition = this.definitions.get(task);
    if (!definition) throw new Error(`unknown job ${task}`);
    const checked = definition.payload.parse(payload);
    await db.query(
      `SELECT graphile_worker.add_job($1, $2::json, job_key => $3, job_key_mode => $4, run_at => $5, max_attempts => $6)`,
      [
        task,
        JSON.stringify(checked),
        options.key ?? null,
        options.key ? 'unsafe_dedupe' : null,
        options.runAt ?? null,
        options.maxAttempts ?? 25,
      ],
    );
  }

  /** Many keyed jobs of one task in one statement (inside the caller's transaction when `db` is its client). */
  async enqueueMany(
    task: string,
    jobs: ReadonlyArray<{ payload: unknown; key: string }>,
    db: Queryable = this.pool,
  ): Promise<void> {
    const definition = this.definitions.get(task);
    if (!definition) throw new Error(`unknown job ${task}`);
    if (jobs.length === 0) return;
    // One JSON parameter (a transaction's client may not take array parameters).
    const rows = jobs.map((j) => ({ p: definition.payload.parse(j.payload) as unknown, k: j.key }));
    await db.query(
      `SELECT graphile_worker.add_job($1, t.p, job_key => t.k, job_key_mode => 'unsafe_dedupe', max_attempts => 25)
       FROM json_to_recordset($2::json) AS t(p json, k text)`,
      [task, JSON.stringify(rows)],
    );
  }

  async start(concurrency: number): Promise<void> {
    await runMigrations({ pgPool: this.pool, logger: this.workerLogger() });
    // Beat, and release the jobs of dead processes, before taking any (core/jobs/liveness.ts).
    await this.liveness.start();
    if (concurrency === 0) return;
    for (const { task, payload } of this.startup) await this.enqueue(task, payload);
    const events: WorkerEvents = new EventEmitter();
    events.on('worker:create', ({ worker }) => this.liveness.addWorker(worker.workerId));
    events.on('worker:stop', ({ worker }) => this.liveness.removeWorker(worker.workerId));
    this.runner = await run({
      pgPool: this.pool,
      concurrency,
      events,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: this.workerLogger(),
      taskList: this.taskList(),
      parsedCronItems: parseCrontab(this.cron.join('\n')),
    });
    await this.liveness.tick();
    for (const hook of this.onStart) await hook();
  }

  /**
   * After the database came back (embedded PostgreSQL restarted): new workers with new ids. Jobs the old
   * workers held when the connection broke keep their old lock; the liveness sweep releases them.
   */
  async restart(concurrency: number): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    if (runner) {
      const stopped = runner.stop().catch((err: unknown) => this.log.warn({ err }, 'job runner stop failed'));
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000).unref())]);
    }
    await this.start(concurrency);
  }

  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    if (runner) await runner.stop();
    await this.liveness.stop();
  }

  private taskList(): TaskList {
    const list: TaskList = {};
    for (const [task, definition] of this.definitions) {
      list[task] = async (raw, helpers) => {
        const payload = definition.payload.parse(raw ?? {});
        const jobKey = helpers.job.key ?? null;
        // A keyed job claims its key once. The only claim that may be taken over is a `running` one left
        // by the same queue job (its process died mid-run and the queue retried it after the lock expired).
        const claim = await this.pool.query<{ id: string }>(
          `INSERT INTO job_runs (task, job_key, status, worker, queue_job_id) VALUES ($1, $2, 'running', $3, $4)
           ON CONFLICT (task, job_key) WHERE job_key IS NOT NULL AND status <> 'failed'
           DO UPDATE SET worker = excluded.worker, started_at = now()
             WHERE job_runs.status = 'running' AND job_runs.queue_job_id = excluded.queue_job_id
           RETURNING id`,
          [task, jobKey, this.workerId, String(helpers.job.id)],
        );
        const runId = claim.rows[0]?.id;
        const log = this.log.child({ job: task, jobKey, attempt: helpers.job.attempts });
        if (!runId) {
          log.info('keyed job already ran; skipping');
          return;
        }
        try {
          await definition.run(payload, { jobKey, attempt: helpers.job.attempts, log });
          await this.pool.query(
            `UPDATE job_runs SET status = 'succeeded', finished_at = now() WHERE id = $1`,
            [runId],
          );
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          await this.pool.query(
            `UPDATE job_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`,
            [runId, message.slice(0, 2000)],
          );
          throw err;
        }
      };
    }
    return list;
  }

  private workerLogger(): WorkerLogger {
    const log = this.log.child({ component: 'jobs' });
    return new WorkerLogger(() => (level, message, meta) => {
      if (level === 'error') log.error(meta ?? {}, message);
      else if (level === 'warning') log.warn(meta ?? {}, message);
      else log.debug(meta ?? {}, message);
    });
  }
}
