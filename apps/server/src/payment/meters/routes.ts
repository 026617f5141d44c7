// Merchant API of meters and the reads of meter events; the contract is meterRoutes and
// meterEventRoutes in @payshelf/api. Recording events and the pending amount are served by
// payment/flows/usage-routes.ts (they reach credits and billing).
import { meterEventRoutes, meterRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { crudRoutes } from '../shared/crud.js';
import { finishPage } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { dailyStats } from './aggregate.js';
import { listEvents } from './events.js';
import { listMeters } from './repo.js';
import { serializeMeter, serializeMeterEvent } from './serialize.js';
import { changeMeter, createMeter, requireMeter, setMeterStatus } from './service.js';

export function meterRoutesOf(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  crudRoutes(app, ctx, {
    routes: meterRoutes,
    create: async (c, body) => serializeMeter(await createMeter(db, c.livemode, body)),
    retrieve: async (c, id) => serializeMeter(await requireMeter(db, id, c.livemode)),
    update: async (c, id, body) => serializeMeter(await changeMeter(db, id, c.livemode, body)),
    list: async (c, q, url) => {
      const { rows, page } = await listMeters(db, c.livemode, q);
      return finishPage(rows, page, url, serializeMeter);
    },
  });
  serve(app, ctx, meterRoutes.activate, async ({ caller, params }) =>
    serializeMeter(await setMeterStatus(db, params.id, caller.livemode, true)),
  );
  serve(app, ctx, meterRoutes.deactivate, async ({ caller, params }) =>
    serializeMeter(await setMeterStatus(db, params.id, caller.livemode, false)),
  );
  serve(app, ctx, meterEventRoutes.list, async ({ caller, query, request }) => {
    const { rows, page } = await listEvents(db, caller.livemode, query);
    return finishPage(rows, page, request.url.split('?')[0] ?? '', serializeMeterEvent);
  });
  serve(app, ctx, meterEventRoutes.stats, async ({ caller, query }) => {
    const meter = await requireMeter(db, query.meter_id, caller.livemode, 'meter_id');
    const period = { start: new Date(query.start), end: new Date(query.end) };
    const data = await dailyStats(db, meter.id, query.customer_id, period);
    return { object: 'meter_event_stats' as const, meter_id: meter.id, data };
  });
}
