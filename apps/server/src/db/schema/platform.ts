import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Instance-wide key/value settings (for example: which one-time setup steps have run). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per job execution. A keyed job may hold only one non-failed row, which is what makes
 * "enqueued twice with one key runs once" hold across processes and across time.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    task: text('task').notNull(),
    jobKey: text('job_key'),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    /** The queue's own job id: a retry of the same job after a crash may take over its stale claim. */
    queueJobId: text('queue_job_id'),
    worker: text('worker').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_runs_task_key_live')
      .on(t.task, t.jobKey)
      .where(sql`${t.jobKey} IS NOT NULL AND ${t.status} <> 'failed'`),
    index('job_runs_started_at').on(t.startedAt),
  ],
);

/**
 * One row per running server process: it rewrites `beat_at` every few seconds. A process whose beat is
 * older than the takeover limit is dead (kill -9, power cut, lost database): the job queue's locks held by
 * its `queue_workers` are released so a live process runs those jobs (core/jobs/liveness.ts).
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  process: text('process').primaryKey(),
  /** The job queue's own worker ids in this process (graphile-worker `locked_by` values). */
  queueWorkers: text('queue_workers')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Realtime messages too large for a NOTIFY payload (8000 bytes); receivers read them by id. */
export const realtimeOverflow = pgTable('realtime_overflow', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every server process: hits of one key (limiter + client address) in one
 * fixed window (`window_index` = epoch ms / `window_ms`). Pruned daily by the maintenance job.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowMs: integer('window_ms').notNull(),
    windowIndex: bigint('window_index', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowMs, t.windowIndex] }),
    index('rate_limit_hits_created_at').on(t.createdAt),
  ],
);
