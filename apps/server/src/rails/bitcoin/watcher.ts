// The confirmation watcher of Bitcoin payments: a PostgreSQL job per (transaction, payment) that checks
// the chain and schedules its own next check until the payment is confirmed or rejected. Jobs live in
// the database, so a watch started before a restart finishes after it. A transaction that vanished
// (replaced, or double-spent in a reorg) is followed to its replacement by verify; one with none is
// given up after a grace, and a confirmed one that a reorg moved back to the mempool keeps waiting.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { JobQueue } from '../../core/jobs/queue.js';
import type { Db } from '../../db/database.js';
import type { ConfirmedHandler, ProgressHandler, RejectedHandler, WatchEvent } from '../plugin.js';
import type { DbLike, PaymentExpectation, RejectReason } from '../types.js';
import type { BitcoinRail } from './rail.js';
import { bitcoinSettings, type BitcoinSettings } from './settings.js';

export const BITCOIN_CONFIRM_TASK = 'rails:bitcoin:confirm';
/** A transaction no node knows (and no replacement pays the address) is given up after this long. */
const NOT_FOUND_GRACE_MS = 10 * 60_000;
/** Checks back off from 1 s to this (a block comes every 10 minutes live; at once on demand in tests). */
const MAX_DELAY_MS = 15_000;

const watchPayload = z.object({
  settings: bitcoinSettings,
  txid: z.string(),
  expectation: z.object({
    reference: z.string(),
    asset: z.object({
      currencyId: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
      contract: z.string().nullable(),
    }),
    amount: z.string().regex(/^\d+$/),
  }),
  since: z.number(),
  attempt: z.number().int().min(0),
  resumed: z.number().int().min(0).optional(),
});
export type BitcoinWatchPayload = z.infer<typeof watchPayload>;

export interface WatcherHost {
  db: Db;
  log: Logger;
  rail(settings: BitcoinSettings): BitcoinRail;
  confirmedHandlers(): readonly ConfirmedHandler[];
  rejectedHandlers(): readonly RejectedHandler[];
  progressHandlers(): readonly ProgressHandler[];
}

function jobKey(p: BitcoinWatchPayload): string {
  const key = `bitcoin:${p.settings.methodId}/${p.txid}/${p.expectation.reference}/${p.attempt}`;
  return p.resumed === undefined ? key : `${key}/r${p.resumed}`;
}

/** Adds the job with SQL on `db`, so inside a caller's transaction it exists exactly when that commits. */
export async function enqueueBitcoinWatch(
  db: DbLike,
  payload: BitcoinWatchPayload,
  runAt?: Date,
): Promise<void> {
  const checked = watchPayload.parse(payload);
  await db.execute(
    sql`SELECT graphile_worker.add_job(${BITCOIN_CONFIRM_TASK}, ${JSON.stringify(checked)}::json, job_key => ${jobKey(checked)},
        job_key_mode => 'unsafe_dedupe', run_at => ${(runAt ?? new Date()).toISOString()}::timestamptz, max_attempts => 25)`,
  );
}

export function toBitcoinWatch(
  settings: BitcoinSettings,
  txid: string,
  e: PaymentExpectation,
): BitcoinWatchPayload {
  return {
    settings,
    txid: txid.toLowerCase(),
    expectation: { reference: e.reference, asset: e.asset, amount: e.amount.toString() },
    since: Date.now(),
    attempt: 0,
  };
}

export function defineBitcoinWatcher(jobs: JobQueue, host: WatcherHost): void {
  jobs.define(BITCOIN_CONFIRM_TASK, watchPayload, async (payload, ctx) => {
    const rail = host.rail(payload.settings);
    const expectation: PaymentExpectation = {
      ...payload.expectation,
      amount: BigInt(payload.expectation.amount),
    };
    const later = (db: DbLike, txid = payload.txid) => {
      const next = { ...payload, txid, attempt: payload.attempt + 1 };
      const delay = Math.min(MAX_DELAY_MS, Math.round(1000 * 1.5 ** Math.min(payload.attempt, 30)));
      return enqueueBitcoinWatch(db, next, new Date(Date.now() + delay));
    };
    if (host.confirmedHandlers().length === 0) return later(host.db);
    await host.db.transaction(async (tx) => {
      const result = await rail.verify(payload.txid, expectation, { db: tx });
      const event: WatchEvent = {
        rail: 'bitcoin',
        methodId: payload.settings.methodId,
        reference: expectation.reference,
        txRef: result.txRef,
      };
      if (result.status === 'pending') {
        // The checkout shows "confirming n/m" from what the handlers record.
        const progress = { ...event, confirmations: result.confirmations, required: result.required };
        for (const handler of host.progressHandlers()) await handler(progress, tx);
        return later(tx, result.txRef);
      }
      if (
        result.status === 'rejected' &&
        result.reason === 'not_found' &&
        Date.now() - payload.since < NOT_FOUND_GRACE_MS
      ) {
        return later(tx);
      }
      if (result.status === 'confirmed') {
        ctx.log.info({ ...event, confirmations: result.confirmations }, 'bitcoin: payment confirmed');
        for (const handler of host.confirmedHandlers()) await handler({ ...event, payment: result }, tx);
        return;
      }
      const reason: RejectReason = result.reason;
      ctx.log.info({ ...event, reason, detail: result.detail }, 'bitcoin: payment rejected');
      for (const handler of host.rejectedHandlers()) {
        await handler(
          {
            ...event,
            txRef: payload.txid,
            reason,
            detail: result.detail,
            ...(result.underpaid ? { underpaid: result.underpaid } : {}),
          },
          tx,
        );
      }
    });
  });
}
