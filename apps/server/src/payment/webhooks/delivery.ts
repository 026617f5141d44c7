import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from '@payshelf/api/webhooks';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { nowSeconds } from '../shared/time.js';
import { getDelivery, getEvent, insertAttempt, insertDeliveries, lockDelivery, setDelivery } from './repo.js';
import { nextRetryAt } from './schedule.js';
import type { SecretBox } from './secret-box.js';
import { sendWebhook, type SendResult } from './send.js';
import { publicOnly, serializeEvent } from './service.js';

export const FANOUT_TASK = 'payment:webhook-fanout';
export const DELIVER_TASK = 'payment:webhook-deliver';
export const PRUNE_TASK = 'payment:webhook-prune';

const fanoutPayload = z.object({ eventId: z.string() });
const deliverPayload = z.object({ deliveryId: z.string(), attempt: z.number().int().min(1) });

/**
 * Try `attempt` of a delivery, once: the key is per (delivery, attempt), added in the caller's
 * transaction. Tries of one endpoint share a named queue, so they run one at a time and in order: a
 * slow or dead endpoint (10 s timeouts) holds at most one job worker, not all of them.
 */
async function enqueueAttempt(
  db: Db,
  delivery: { id: string; endpointId: string },
  attempt: number,
  runAt: Date,
): Promise<void> {
  const payload = JSON.stringify(deliverPayload.parse({ deliveryId: delivery.id, attempt }));
  await db.execute(
    sql`SELECT graphile_worker.add_job(${DELIVER_TASK}, ${payload}::json, queue_name => ${`webhooks:${delivery.endpointId}`},
        job_key => ${`webhook-deliver:${delivery.id}:${attempt}`},
        job_key_mode => 'unsafe_dedupe', run_at => ${runAt.toISOString()}::timestamptz, max_attempts => 10)`,
  );
}

/**
 * Events reach endpoints in two jobs. The fan-out (queued by the `events` insert trigger of migration
 * 0018) writes one delivery per listening endpoint and queues its first try in the same transaction.
 * Each try sends once, records the attempt, and queues the next try (exponential backoff for three
 * days) until a 2xx answers, the window ends, or the endpoint is disabled or deleted.
 */
export function registerWebhookJobs(ctx: PaymentContext, box: () => Promise<SecretBox>): void {
  const { jobs, config } = ctx.services;
  const baseMs = config.WEBHOOK_RETRY_BASE_SECONDS * 1000;

  // Finished deliveries (and their attempts, by cascade) are kept 30 days, as job records are.
  jobs.define(PRUNE_TASK, z.object({}).passthrough(), async () => {
    await ctx.db.execute(
      sql`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < now() - interval '30 days'`,
    );
  });
  jobs.schedule('47 4 * * *', PRUNE_TASK);

  jobs.define(FANOUT_TASK, fanoutPayload, async ({ eventId }) => {
    await ctx.db.transaction(async (tx) => {
      const event = await getEvent(tx, eventId);
      if (!event) return;
      const now = new Date();
      for (const delivery of await insertDeliveries(tx, event, () => newId('whd'))) {
        await enqueueAttempt(tx, delivery, 1, now);
      }
    });
  });

  jobs.define(DELIVER_TASK, deliverPayload, async ({ deliveryId, attempt }, { log }) => {
    const delivery = await getDelivery(ctx.db, deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== attempt - 1) return;
    const [endpoint] = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .limit(1);
    if (!endpoint) return;
    if (endpoint.status !== 'enabled') {
      await setDelivery(ctx.db, deliveryId, { status: 'canceled', nextAttemptAt: null });
      return;
    }
    const event = await getEvent(ctx.db, delivery.eventId);
    if (!event) return;
    const payload = JSON.stringify(serializeEvent(event));
    const secret = (await box()).open(endpoint.secretCiphertext, endpoint.id);
    const result: SendResult = secret
      ? await sendWebhook(
          endpoint.url,
          payload,
          {
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(secret, payload, nowSeconds()),
            'user-agent': 'Payshelf-Webhooks/1',
          },
          { allowPrivate: !publicOnly(endpoint.livemode, config.PAYSHELF_LIVE) },
        )
      : {
          ok: false,
          status: null,
          body: null,
          error: 'the signing secret cannot be decrypted (the instance key APP_SK changed?)',
          durationMs: 0,
        };
    await ctx.db.transaction(async (tx) => {
      const locked = await lockDelivery(tx, deliveryId);
      if (!locked || locked.status !== 'pending' || locked.attempts !== attempt - 1) return;
      const next = result.ok ? null : nextRetryAt(locked.createdAt, attempt, new Date(), baseMs);
      await insertAttempt(tx, {
        id: newId('wha'),
        livemode: locked.livemode,
        deliveryId,
        endpointId: locked.endpointId,
        eventId: locked.eventId,
        eventType: locked.eventType,
        attempt,
        status: result.ok ? 'succeeded' : 'failed',
        responseStatus: result.status,
        responseBody: result.body,
        error: result.error,
        durationMs: result.durationMs,
        nextRetryAt: next,
      });
      await setDelivery(tx, deliveryId, {
        attempts: attempt,
        status: result.ok ? 'succeeded' : next ? 'pending' : 'failed',
        nextAttemptAt: next,
      });
      if (next) await enqueueAttempt(tx, locked, attempt + 1, next);
    });
    if (!result.ok) log.info({ deliveryId, attempt, error: result.error }, 'webhook attempt failed');
  });
}
