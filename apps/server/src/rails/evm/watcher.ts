// The confirmation watcher: a PostgreSQL job per (transaction, intent) that checks the chain, and
// schedules its own next check with backoff until the payment is confirmed or rejected. Jobs live in
// the database, so a watch started before a restart finishes after it.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { crashPoint } from '../../core/chaos.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import type { Db } from '../../db/database.js';
import type { ConfirmedHandler, RejectedHandler, WatchEvent } from '../plugin.js';
import type { DbLike, PaymentExpectation, RejectReason } from '../types.js';
import { nextCheckDelay } from './match.js';
import type { EvmRail } from './rail.js';
import { evmSettings, type EvmSettings } from './settings.js';

export const CONFIRM_TASK = 'rails:evm:confirm';
/** A transaction no node has seen for this long after the watch began is given up as not found. */
const NOT_FOUND_GRACE_MS = 10 * 60_000;
/** A known but unmined transaction is given up after this long (it was dropped or replaced). */
const UNMINED_LIMIT_MS = 24 * 3600_000;

const watchPayload = z.object({
  settings: evmSettings,
  txHash: z.string(),
  expectation: z.object({
    reference: z.string(),
    asset: z.object({
      currencyId: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
      contract: z.string().nullable(),
    }),
    amount: z.string().regex(/^\d+$/),
    recipient: z.string().optional(),
    payer: z.string().optional(),
  }),
  /** When the watch began (ms since the epoch). */
  since: z.number(),
  attempt: z.number().int().min(0),
  /** Set on a watch started again for a payment whose watch was lost (its own job keys). */
  resumed: z.number().int().min(0).optional(),
});
export type WatchPayload = z.infer<typeof watchPayload>;

export interface WatcherHost {
  db: Db;
  log: Logger;
  evm(settings: EvmSettings): EvmRail;
  confirmedHandlers(): readonly ConfirmedHandler[];
  rejectedHandlers(): readonly RejectedHandler[];
}

function jobKey(p: WatchPayload): string {
  const key = `eip155:${p.settings.chainId}/${p.txHash.toLowerCase()}/${p.expectation.reference}/${p.attempt}`;
  return p.resumed === undefined ? key : `${key}/r${p.resumed}`;
}

/** Adds the job with SQL on `db`, so inside a caller's transaction it exists exactly when that commits. */
export async function enqueueWatch(db: DbLike, payload: WatchPayload, runAt?: Date): Promise<void> {
  const checked = watchPayload.parse(payload);
  await db.execute(
    sql`SELECT graphile_worker.add_job(${CONFIRM_TASK}, ${JSON.stringify(checked)}::json, job_key => ${jobKey(checked)},
        job_key_mode => 'unsafe_dedupe', run_at => ${(runAt ?? new Date()).toISOString()}::timestamptz, max_attempts => 25)`,
  );
}

export function toWatchPayload(
  settings: EvmSettings,
  txHash: string,
  expectation: PaymentExpectation,
): WatchPayload {
  return {
    settings,
    txHash: txHash.toLowerCase(),
    expectation: {
      reference: expectation.reference,
      asset: expectation.asset,
      amount: expectation.amount.toString(),
      ...(expectation.recipient ? { recipient: expectation.recipient } : {}),
      ...(expectation.payer ? { payer: expectation.payer } : {}),
    },
    since: Date.now(),
    attempt: 0,
  };
}

export function defineWatcher(jobs: JobQueue, host: WatcherHost): void {
  jobs.define(CONFIRM_TASK, watchPayload, async (payload, ctx) => {
    const rail = host.evm(payload.settings);
    const expectation: PaymentExpectation = {
      ...payload.expectation,
      amount: BigInt(payload.expectation.amount),
    };
    const event: WatchEvent = {
      rail: 'evm',
      methodId: payload.settings.methodId,
      reference: expectation.reference,
      txRef: payload.txHash,
    };
    const later = (db: DbLike) => {
      const next = { ...payload, attempt: payload.attempt + 1 };
      return enqueueWatch(db, next, new Date(Date.now() + nextCheckDelay(payload.attempt)));
    };
    if (host.confirmedHandlers().length === 0) {
      ctx.log.warn('evm watcher: nobody handles confirmed payments yet; checking again later');
      return later(host.db);
    }
    const confirmed = await host.db.transaction(async (tx) => {
      const result = await rail.verify(payload.txHash, expectation, { db: tx });
      const age = Date.now() - payload.since;
      if (result.status === 'pending') {
        if (result.confirmations > 0 || age < UNMINED_LIMIT_MS) return later(tx);
      } else if (result.status === 'rejected' && result.reason === 'not_found' && age < NOT_FOUND_GRACE_MS) {
        return later(tx);
      }
      if (result.status === 'confirmed') {
        ctx.log.info({ ...event, confirmations: result.confirmations }, 'evm: payment confirmed');
        for (const handler of host.confirmedHandlers()) await handler({ ...event, payment: result }, tx);
        // Crash tests: the payment is recorded in this transaction but not committed yet.
        crashPoint('confirm:before-commit');
        return true;
      }
      const reason: RejectReason = result.status === 'rejected' ? result.reason : 'not_found';
      const detail = result.status === 'rejected' ? result.detail : 'not mined in time';
      ctx.log.info({ ...event, reason, detail }, 'evm: payment rejected');
      const underpaid = result.status === 'rejected' ? result.underpaid : undefined;
      for (const handler of host.rejectedHandlers()) {
        await handler({ ...event, reason, detail, ...(underpaid ? { underpaid } : {}) }, tx);
      }
    });
    // Crash tests: the payment is committed, the job not yet marked done (it runs again after restart).
    if (confirmed === true) crashPoint('confirm:after-commit');
  });
}
