import {
  browserQuery,
  paymentSettings,
  settingCreate,
  settingRecord,
  settingUpdateById,
  settingUpdateByMount,
} from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../core/http/errors.js';
import type { PaymentContext } from '../shared/context.js';
import { defineRoute } from '../shared/route.js';
import { ensureSetting, paymentSettingsFor, serializeSetting, setActive, updateByMount } from './service.js';

const none = z.object({});
const tag = 'Settings (browser)';

export function settingsRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/settings',
    auth: 'browser',
    tag,
    summary: 'Payment methods with currencies and the base currency of the mode (`livemode` query)',
    body: none,
    query: browserQuery,
    response: paymentSettings,
    handler: ({ caller }) => paymentSettingsFor(db, caller.livemode),
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/settings',
    auth: 'admin',
    tag,
    summary: 'The settings record of a mount location, created on first use. Owner or admin.',
    body: settingCreate,
    query: browserQuery,
    response: settingRecord,
    handler: async ({ body, caller }) => {
      const livemode = body.livemode ?? caller.livemode;
      return serializeSetting(await ensureSetting(db, body, livemode));
    },
  });
  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/settings/:key',
    auth: 'admin',
    tag,
    summary:
      'By id (setting_…): body {active}; by mount location: body {livemode, settings}. Owner or admin.',
    body: settingUpdateById.partial().extend(settingUpdateByMount.partial().shape),
    query: browserQuery,
    response: settingRecord,
    handler: async ({ params, caller, request }) => {
      const key = params.key ?? '';
      if (/^setting_[A-Za-z0-9]+$/.test(key)) {
        const body = parseWith(settingUpdateById, request.body, 'body');
        return serializeSetting(await setActive(db, key, body.active));
      }
      const body = parseWith(settingUpdateByMount, request.body, 'body');
      return serializeSetting(await updateByMount(db, key, body.livemode ?? caller.livemode, body.settings));
    },
  });
}
