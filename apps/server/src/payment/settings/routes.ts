// The payment settings (anyone) and the settings records of mount locations (owner or admin); the
// contract is instanceRoutes in @payshelf/api.
import { instanceRoutes as routes, settingUpdateById, settingUpdateByMount } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../core/http/errors.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { ensureSetting, paymentSettingsFor, serializeSetting, setActive, updateByMount } from './service.js';

export function settingsRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, routes.paymentSettings, ({ caller }) => paymentSettingsFor(db, caller.livemode));
  serve(app, ctx, routes.createSetting, async ({ body, caller }) => {
    const livemode = body.livemode ?? caller.livemode;
    return serializeSetting(await ensureSetting(db, body, livemode));
  });
  serve(app, ctx, routes.updateSetting, async ({ params, caller, request }) => {
    // By id (setting_…) the body is {active}; by mount location it is {livemode, settings}.
    const key = params.key;
    if (/^setting_[A-Za-z0-9]+$/.test(key)) {
      const body = parseWith(settingUpdateById, request.body, 'body');
      return serializeSetting(await setActive(db, key, body.active));
    }
    const body = parseWith(settingUpdateByMount, request.body, 'body');
    return serializeSetting(await updateByMount(db, key, body.livemode ?? caller.livemode, body.settings));
  });
}
