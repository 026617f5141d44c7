// Every `processing` payment has a live confirmation watch. A watch can be lost: its job failed for good
// (the node was unreachable for days), or the data was restored from a backup taken between the intent
// change and its job. At start and every minute, a processing intent whose transaction no queued job
// watches gets a new watch. A watch whose job is only locked by a dead process is not lost: the worker
// liveness sweep (core/jobs/liveness.ts) hands that job to a live process.
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { paymentIntents } from '../../db/schema/index.js';
import { getCurrency, getMethod } from '../methods/index.js';
import { assetOf, type PaymentExpectation } from './rail.js';

export const REWATCH_TASK = 'payment:rewatch-processing';
/** A payment entering `processing` gets its watch in the same transaction; this grace avoids any race. */
const GRACE = '1 minute';

/** Starts a watch for each processing intent that has none; answers how many it started. */
export async function rewatchProcessing(services: Services): Promise<number> {
  const { db } = services.database;
  const tasks = services.rails.watchTasks();
  if (tasks.length === 0) return 0;
  const orphans = await db.execute<{ id: string }>(sql`
    SELECT i.id FROM payment_intents i
    WHERE i.status = 'processing' AND i.payment_details ? 'tx_hash'
      AND i.updated_at < now() - ${GRACE}::interval
      AND NOT EXISTS (
        SELECT 1 FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier IN (${sql.join(
          tasks.map((task) => sql`${task}`),
          sql`, `,
        )})
          AND j.payload::jsonb -> 'expectation' ->> 'reference' = i.id
          AND j.attempts < j.max_attempts
      )
    LIMIT 100`);
  const ids = orphans.rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  const intents = await db.select().from(paymentIntents).where(inArray(paymentIntents.id, ids));
  let started = 0;
  for (const intent of intents) {
    const txHash = intent.paymentDetails?.tx_hash;
    const method = await getMethod(db, intent.paymentMethodId ?? '', intent.livemode);
    const currency = await getCurrency(db, intent.currencyId, intent.livemode);
    if (typeof txHash !== 'string' || !method || !currency) continue;
    // A fast-pay pull must come from the payer recorded when it was sent.
    const payer = intent.paymentDetails?.fast_pay === true ? intent.paymentDetails.fast_pay_payer : undefined;
    const expectation: PaymentExpectation = {
      reference: intent.id,
      asset: assetOf(currency),
      amount: intent.amount,
      ...(typeof payer === 'string' ? { payer } : {}),
    };
    try {
      await services.rails.watch({ method, txRef: txHash, expectation, resumed: Date.now() });
      started += 1;
    } catch (err) {
      services.log.warn({ err, intent: intent.id }, 'could not watch a processing payment again');
    }
  }
  if (started > 0) services.log.warn({ started }, 'processing payments without a watch are watched again');
  return started;
}

/** The periodic job, plus one pass as soon as the job queue runs. */
export function registerRewatch(services: Services): void {
  services.jobs.define(REWATCH_TASK, z.object({}).passthrough(), async (_payload, { log }) => {
    const started = await rewatchProcessing(services);
    if (started > 0) log.info({ started }, 'rewatched processing payments');
  });
  services.jobs.schedule('* * * * *', REWATCH_TASK);
  services.jobs.whenStarted(() => services.jobs.enqueue(REWATCH_TASK, {}));
}
