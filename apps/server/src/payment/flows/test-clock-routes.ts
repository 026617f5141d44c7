// Test clocks exist in test mode only: creating one in live mode is refused, and live mode sees none
// (an empty list, a missing id). Advance answers once everything due up to the new time has run. The
// contract is billingWriteRoutes in @payshelf/api.
import { clockObject, getClock, insertClock, listClocks } from '../billing/index.js';
import { billingWriteRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { advanceClock } from './advance-clock.js';

function testModeOnly(caller: Caller): void {
  if (caller.livemode) throw ApiError.of('test_clock_live', {});
}

export function testClockRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const found = async (caller: Caller, id: string) => {
    const row = caller.livemode ? null : await getClock(db, id);
    if (!row) throw ApiError.of('test_clock_missing', { id: id.slice(0, 100) });
    return row;
  };

  serve(app, ctx, routes.createTestClock, async ({ caller, body }) => {
    testModeOnly(caller);
    return clockObject(await insertClock(db, new Date(body.frozen_time), body.name ?? null));
  });

  serve(app, ctx, routes.testClocks, async ({ caller }) => {
    const rows = caller.livemode ? [] : await listClocks(db);
    return { object: 'list' as const, data: rows.map(clockObject) };
  });

  serve(app, ctx, routes.testClock, async ({ caller, params }) =>
    clockObject(await found(caller, params.id)),
  );

  serve(app, ctx, routes.advanceTestClock, async ({ caller, params, body }) => {
    const row = await found(caller, params.id);
    return clockObject(await advanceClock(ctx, row.id, new Date(body.frozen_time)));
  });
}
