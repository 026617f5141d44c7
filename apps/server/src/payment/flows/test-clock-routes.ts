// Test clocks exist in test mode only: creating one in live mode is refused, and live mode sees none
// (an empty list, a missing id). Advance answers once everything due up to the new time has run.
import { clockObject, getClock, insertClock, listClocks } from '../billing/index.js';
import { testClock, testClockAdvance, testClockCreate, testClockList } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { defineRoute } from '../shared/route.js';
import { advanceClock } from './advance-clock.js';

const noQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });

function testModeOnly(caller: Caller): void {
  if (caller.livemode) throw ApiError.of('test_clock_live', {});
}

export function testClockRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const common = { tag: 'Test clocks', auth: 'merchant' as const, query: noQuery };
  const found = async (caller: Caller, id: string) => {
    const row = caller.livemode ? null : await getClock(db, id);
    if (!row) throw ApiError.of('test_clock_missing', { id: id.slice(0, 100) });
    return row;
  };

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/test-clocks',
    summary: 'Create a test clock frozen at a time (test mode only)',
    body: testClockCreate,
    response: testClock,
    handler: async ({ caller, body }) => {
      testModeOnly(caller);
      return clockObject(await insertClock(db, new Date(body.frozen_time), body.name ?? null));
    },
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'GET',
    url: '/test-clocks',
    summary: 'List test clocks, newest first',
    body: z.object({}),
    response: testClockList,
    handler: async ({ caller }) => {
      const rows = caller.livemode ? [] : await listClocks(db);
      return { object: 'list' as const, data: rows.map(clockObject) };
    },
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'GET',
    url: '/test-clocks/:id',
    summary: 'Retrieve a test clock',
    body: z.object({}),
    response: testClock,
    handler: async ({ caller, params }) => clockObject(await found(caller, params.id ?? '')),
  });

  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: '/test-clocks/:id/advance',
    summary: 'Move the clock forward, running every renewal, retry and cancel due until then, in order',
    body: testClockAdvance,
    response: testClock,
    handler: async ({ caller, params, body }) => {
      const row = await found(caller, params.id ?? '');
      return clockObject(await advanceClock(ctx, row.id, new Date(body.frozen_time)));
    },
  });
}
