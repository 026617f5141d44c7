// Recording meter events (they may consume credit grants, so the flow wires meters to credits) and
// the pending amount of usage (meters priced by billing). The contract is meterEventRoutes.
import { meterEventRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { billUsageThresholds, pendingUsage } from '../billing/index.js';
import { requireCustomer } from '../customers/index.js';
import {
  batchAnswer,
  eventByIdentifier,
  recordEvents,
  serializeMeterEvent,
  type Recorded,
} from '../meters/index.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { consumeCredits } from './consume-credits.js';

/** Subscriptions of the customers whose events were accepted may have reached their usage threshold. */
async function afterRecording(ctx: PaymentContext, livemode: boolean, recorded: Recorded): Promise<void> {
  const customers = new Set(
    recorded.events.filter((e) => recorded.inserted.has(e.id)).map((e) => e.customerId),
  );
  await billUsageThresholds(ctx, livemode, [...customers]);
}

export function usageRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, meterEventRoutes.create, async ({ caller, body }) => {
    const recorded = await recordEvents(db, caller.livemode, [body], () => '', consumeCredits(ctx));
    await afterRecording(ctx, caller.livemode, recorded);
    const row = await eventByIdentifier(db, caller.livemode, body.identifier);
    if (!row) throw new Error('meter event not stored');
    const duplicate = batchAnswer(recorded).duplicates > 0;
    return { ...serializeMeterEvent(row), duplicate };
  });
  serve(app, ctx, meterEventRoutes.batch, async ({ caller, body }) => {
    const prefix = (i: number) => `events.${i}.`;
    const recorded = await recordEvents(db, caller.livemode, body.events, prefix, consumeCredits(ctx));
    await afterRecording(ctx, caller.livemode, recorded);
    return batchAnswer(recorded);
  });
  serve(app, ctx, meterEventRoutes.pendingAmount, async ({ caller, query }) => {
    const customer = await requireCustomer(db, query.customer_id, caller.livemode, 'customer_id');
    const data = await pendingUsage(ctx, caller.livemode, customer.id, query.subscription_id);
    return { object: 'meter_pending_amount' as const, customer_id: customer.id, data };
  });
}
