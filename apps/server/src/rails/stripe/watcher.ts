// The card rail's watch: a card payment posted while still in flight (3-D Secure, processing) is
// checked again until it succeeds or fails, then the confirmed or rejected handlers run, once.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { JobQueue } from '../../core/jobs/queue.js';
import type { Db } from '../../db/database.js';
import { paymentMethods } from '../../db/schema/index.js';
import type { RailMethod, RailPluginHost, WatchRequest } from '../plugin.js';
import type { DbLike, PaymentExpectation } from '../types.js';
import type { StripeRail } from './rail.js';

export const STRIPE_CONFIRM_TASK = 'rails:stripe:confirm';
/** How long an in-flight card payment is watched (3-D Secure left open, a slow bank). */
const WATCH_LIMIT_MS = 3 * 3600_000;

const payload = z.object({
  methodId: z.string(),
  livemode: z.boolean(),
  txRef: z.string(),
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
});
type Payload = z.infer<typeof payload>;

export async function enqueueStripeWatch(db: DbLike, request: WatchRequest, next?: Payload): Promise<void> {
  const body: Payload = next ?? {
    methodId: request.method.id,
    livemode: request.method.livemode,
    txRef: request.txRef.toLowerCase(),
    expectation: {
      reference: request.expectation.reference,
      asset: request.expectation.asset,
      amount: request.expectation.amount.toString(),
    },
    since: Date.now(),
    attempt: 0,
  };
  const key = `stripe/${body.txRef}/${body.expectation.reference}/${body.attempt}${request.resumed === undefined ? '' : `/r${request.resumed}`}`;
  const runAt = new Date(Date.now() + (body.attempt === 0 ? 0 : Math.min(60_000, 2000 * 2 ** body.attempt)));
  await db.execute(
    sql`SELECT graphile_worker.add_job(${STRIPE_CONFIRM_TASK}, ${JSON.stringify(body)}::json, job_key => ${key},
        job_key_mode => 'unsafe_dedupe', run_at => ${runAt.toISOString()}::timestamptz, max_attempts => 25)`,
  );
}

async function methodRow(db: Db, id: string): Promise<RailMethod | null> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return row ?? null;
}

export function defineStripeWatcher(
  jobs: JobQueue,
  host: RailPluginHost,
  railOf: (m: RailMethod) => StripeRail,
): void {
  jobs.define(STRIPE_CONFIRM_TASK, payload, async (p) => {
    const method = await methodRow(host.db, p.methodId);
    if (!method) return;
    const rail = railOf(method);
    const expectation: PaymentExpectation = { ...p.expectation, amount: BigInt(p.expectation.amount) };
    const event = { rail: rail.kind, methodId: method.id, reference: expectation.reference, txRef: p.txRef };
    await host.db.transaction(async (tx) => {
      const result = await rail.verify(p.txRef, expectation, { db: tx });
      if (result.status === 'pending' || (result.status === 'rejected' && result.reason === 'not_found')) {
        if (Date.now() - p.since < WATCH_LIMIT_MS) {
          const request = { method, txRef: p.txRef, expectation };
          return enqueueStripeWatch(tx, request, { ...p, attempt: p.attempt + 1 });
        }
      }
      if (result.status === 'confirmed') {
        for (const handler of host.confirmedHandlers()) await handler({ ...event, payment: result }, tx);
        return;
      }
      const rejected =
        result.status === 'rejected'
          ? result
          : {
              reason: 'not_found' as const,
              detail: 'the card payment did not complete in time',
              underpaid: undefined,
            };
      for (const handler of host.rejectedHandlers()) {
        await handler(
          {
            ...event,
            reason: rejected.reason,
            detail: rejected.detail,
            ...(rejected.underpaid ? { underpaid: rejected.underpaid } : {}),
          },
          tx,
        );
      }
    });
  });
}
