// Flow: advancing a test clock runs, in time order, everything due for its customers' subscriptions
// up to the new frozen time (renewals, trial ends, collection attempts and retries, due dates, grace
// cancels), and answers when all of it is done. While it runs, the clock's frozen_time is the time of
// the piece being run, so what it records (invoices, periods, past_due_at) carries simulated time.
// Two advances of one clock are serialised by a transaction-level advisory lock on the clock (released
// with the connection if the process dies); each piece is exactly-once anyway (billing-run.ts). The
// renewals due at one moment run as batches (billing/subscriptions/renewal-batch.ts).
import { type TestClockRow, getClock, renewDueBatch, setClock } from '../billing/index.js';
import { crashPoint } from '../../core/chaos.js';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import type { PaymentContext } from '../shared/context.js';
import { afterRenewal, dueWork, RENEWAL_BATCH, runWork } from './billing-run.js';

/** How long one collection waits for its pull to be mined on the test chain. */
const SETTLE_WAIT_MS = 20_000;
/**
 * How far one advance may move a clock: two years (731 days, a leap year included). Each step
 * runs every renewal due on the way in one request, so a far target is made in several calls.
 */
export const MAX_ADVANCE_MS = 731 * 24 * 60 * 60 * 1000;
/** A safety stop: at most this many pieces per advance. */
const MAX_PIECES = 20_000;

export async function advanceClock(ctx: PaymentContext, id: string, target: Date): Promise<TestClockRow> {
  return ctx.db.transaction(async (lock) => {
    await lock.execute(sql`select pg_advisory_xact_lock(hashtext(${`test_clock:${id}`}))`);
    const clock = await getClock(lock, id);
    if (!clock) throw ApiError.of('test_clock_missing', { id });
    if (target.getTime() < clock.frozenTime.getTime()) {
      throw ApiError.of(
        'test_clock_backwards',
        { frozen_time: target.toISOString(), current: clock.frozenTime.toISOString() },
        { param: 'frozen_time' },
      );
    }
    if (target.getTime() - clock.frozenTime.getTime() > MAX_ADVANCE_MS) {
      throw ApiError.of(
        'test_clock_advance_too_far',
        {
          frozen_time: target.toISOString(),
          current: clock.frozenTime.toISOString(),
        },
        { param: 'frozen_time' },
      );
    }
    await setClock(ctx.db, id, { status: 'advancing' });
    const done = new Set<string>();
    let current = clock.frozenTime;
    for (let pieces = 0; pieces < MAX_PIECES;) {
      const work = (await dueWork(ctx, id, target)).filter(
        (w) => !done.has(`${w.kind}:${w.id}:${w.at.getTime()}`),
      );
      const first = work[0];
      if (!first) break;
      if (first.at.getTime() > current.getTime()) {
        current = first.at;
        await setClock(ctx.db, id, { frozenTime: current });
      }
      const atOnce = work.filter((w) => w.at.getTime() === first.at.getTime());
      for (const piece of atOnce) done.add(`${piece.kind}:${piece.id}:${piece.at.getTime()}`);
      // The renewals due at this moment first, a batch per transaction, each invoice then collected.
      const renew = atOnce.filter((w) => w.kind === 'renew').map((w) => w.id);
      for (let i = 0; i < renew.length; i += RENEWAL_BATCH) {
        const ids = renew.slice(i, i + RENEWAL_BATCH);
        const outcomes = await renewDueBatch(ctx, { clockId: id, now: current, ids, limit: ids.length });
        crashPoint('renew:after-commit-before-collect');
        for (const outcome of outcomes) await afterRenewal(ctx, outcome, current, { waitMs: SETTLE_WAIT_MS });
      }
      for (const piece of atOnce.filter((w) => w.kind !== 'renew')) {
        await runWork(ctx, piece, current, { waitMs: SETTLE_WAIT_MS });
      }
      pieces += atOnce.length;
    }
    return setClock(ctx.db, id, { frozenTime: target, status: 'ready' });
  });
}
