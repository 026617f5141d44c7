// The payment admin's views beyond CRUD: customer activity, the overview, merchant refunds and the
// donation settings (the contract is adminViewRoutes in @payshelf/api).
import { adminViewRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import {
  listDonationSettings,
  lookupDonationSetting,
  serializeSetting,
  updateDonationSetting,
} from '../settings/index.js';
import { customerActivity } from './activity.js';
import { overviewOf } from './overview.js';
import { createRefund } from './refund-create.js';
import { refundLastPayment } from './refund-last.js';
import { refundToSign, submitSignedRefund } from '../intents/index.js';

export function adminViewRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, routes.customerActivity, ({ caller, params }) =>
    customerActivity(db, params.id, caller.livemode),
  );
  serve(app, ctx, routes.overview, ({ caller, query }) => overviewOf(db, caller.livemode, query.days));
  serve(app, ctx, routes.createRefund, ({ caller, body }) => createRefund(ctx, caller.livemode, body));
  serve(app, ctx, routes.refundLastPayment, ({ caller, params, body }) =>
    refundLastPayment(ctx, caller.livemode, params.id, body),
  );
  serve(app, ctx, routes.refundToSign, ({ caller, params }) => refundToSign(ctx, caller.livemode, params.id));
  serve(app, ctx, routes.submitSignedRefund, ({ caller, params, body }) =>
    submitSignedRefund(ctx, caller.livemode, params.id, body.signed),
  );
  serve(app, ctx, routes.donationSettings, async ({ caller, request }) => ({
    object: 'list' as const,
    data: await listDonationSettings(db, caller.livemode),
    has_more: false,
    url: request.url.split('?')[0] ?? '/donation-settings',
  }));
  serve(app, ctx, routes.donationSetting, ({ caller, query }) =>
    lookupDonationSetting(db, caller.livemode, query.mount_location),
  );
  serve(app, ctx, routes.updateDonationSetting, async ({ caller, params, body }) =>
    serializeSetting(await updateDonationSetting(db, params.id, caller.livemode, body.settings)),
  );
}
