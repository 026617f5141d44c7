import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.js';
import { releaseExpiredStock } from './catalog/stock.js';
import { pruneChallenges } from './payers/repo.js';
import { payerRoutes } from './payers/routes.js';
import { expireDue, getSession } from './checkout/repo.js';
import { closeExpiredIntent } from './checkout/expired-intent.js';
import { demoRoutes } from './demo/routes.js';
import { seedDemo } from './demo/seed.js';
import { prune } from './idempotency/repo.js';
import { registerRewatch } from './intents/rewatch.js';
import { recordEvent } from './shared/events.js';
import { billingRoutes } from './billing/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { customerRoutes } from './customers/routes.js';
import { linkRoutes } from './links/routes.js';
import { checkoutBrowserRoutes } from './checkout/browser-routes.js';
import { checkoutConnectAction } from './flows/connect-pay.js';
import { registerPaymentFlows } from './flows/register.js';
import { submitRoutes } from './checkout/submit-routes.js';
import { railWebhookRoutesOf } from './flows/rail-webhook-routes.js';
import { sessionRoutes } from './checkout/routes.js';
import { customerBrowserRoutes } from './customers/browser-routes.js';
import { linkBrowserRoutes } from './links/browser-routes.js';
import { settingsRoutes } from './settings/routes.js';
import { keyRoutes } from './keys/routes.js';
import { registerEnvTestKey } from './keys/service.js';
import { methodRoutes } from './methods/routes.js';
import { sealStoredSecrets } from './methods/index.js';
import { methodRails } from './intents/index.js';
import { OpenApiRegistry } from '../core/http/openapi/index.js';
import { paymentPolicy } from './openapi/index.js';
import { openApiRoutes } from './openapi/routes.js';
import { adminViewRoutes } from './admin-views/index.js';
import { CatalogCache } from './shared/catalog-cache.js';
import type { PaymentContext, Sessions } from './shared/context.js';
import { sessionsFor } from './shared/sessions.js';
import { balanceRoutes } from './balances/routes.js';
import { discountMerchantRoutes, releaseRedemption } from './discounts/index.js';
import { registerWebhooks } from './webhooks/index.js';
import { billingEngineRoutes } from './flows/billing-routes.js';
import { billingAdminRoutes } from './billing-admin/routes.js';
import { billingExportRoutes } from './billing-admin/export-routes.js';
import { registerBillingJobs } from './flows/billing-run.js';
import { testClockRoutes } from './flows/test-clock-routes.js';
import { customerPortalRoutes } from './portal/index.js';
import { collectBatchAction } from './flows/collect-batch.js';
import { attachSessionCache } from './checkout/session-cache.js';
import { walletBatchRoutes } from './flows/wallet-batch-routes.js';
import { meterRoutesOf } from './meters/routes.js';
import { usageRoutes } from './flows/usage-routes.js';
import { creditRoutesOf } from './credits/routes.js';
import { expireGrants } from './credits/index.js';
import { compactRollup } from './meters/index.js';

function publicBase(services: Services) {
  return (request: FastifyRequest): string =>
    services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

/**
 * The payment part: merchant API (secret keys), checkout browser calls and the OpenAPI document, all
 * under `${PAYMENT_MOUNT_POINT}/api`.
 */
export async function registerPayment(
  app: FastifyInstance,
  services: Services,
  sessions: Sessions = sessionsFor(app),
): Promise<PaymentContext> {
  const mount = services.config.PAYMENT_MOUNT_POINT === '/' ? '' : services.config.PAYMENT_MOUNT_POINT;
  const catalog = CatalogCache.attach(services.database.db, services.bus);
  attachSessionCache(services.database.db, services.bus);
  const ctx: PaymentContext = {
    services,
    catalog,
    db: services.database.db,
    mount,
    openapi: new OpenApiRegistry(`${mount}/api`, paymentPolicy),
    sessions,
    publicBase: publicBase(services),
  };
  const secret = services.config.PAYMENT_TEST_SECRET_KEY;
  if (secret) await registerEnvTestKey(ctx.db, secret);

  services.jobs.define('payment:idempotency-prune', z.object({}).passthrough(), async () => {
    await prune(ctx.db);
    await pruneChallenges(ctx.db);
  });
  services.jobs.schedule('23 * * * *', 'payment:idempotency-prune');
  services.jobs.define('payment:checkout-expire', z.object({}).passthrough(), async () => {
    for (const row of await expireDue(ctx.db)) {
      await recordEvent(ctx.db, 'checkout.session.expired', row);
      // In one transaction: its waiting payment closes, the hold is deleted and its units given back
      // together, or none of it (session lock first, then its intent, then the prices).
      await ctx.db.transaction(async (tx) => {
        const locked = await getSession(tx, row.id, row.livemode, true);
        if (locked?.status === 'expired') await closeExpiredIntent(tx, locked);
        await releaseExpiredStock(tx, row.id);
        await releaseRedemption(tx, row.id);
      });
    }
  });
  services.jobs.schedule('*/5 * * * *', 'payment:checkout-expire');

  // Credit grants past their expiry become expired; pending ones whose time came, granted.
  services.jobs.define('payment:credit-expire', z.object({}).passthrough(), async () => {
    await expireGrants(ctx.db);
  });
  services.jobs.schedule('* * * * *', 'payment:credit-expire');
  // The meters' daily rollup: one row per (meter, customer, day) for days before yesterday.
  services.jobs.define('payment:meter-rollup-compact', z.object({}).passthrough(), async () => {
    await compactRollup(ctx.db);
  });
  services.jobs.schedule('41 * * * *', 'payment:meter-rollup-compact');

  registerPaymentFlows(ctx);
  const webhookRoutes = registerWebhooks(ctx);
  registerBillingJobs(ctx);
  registerRewatch(services);
  if (app.hasDecorator('identity')) app.identity.connect.register(checkoutConnectAction(ctx));
  if (app.hasDecorator('identity')) app.identity.connect.register(collectBatchAction(ctx));
  // Methods' secrets stored as given by earlier versions are sealed now (once: sealed ones stay).
  const resealed = await sealStoredSecrets(ctx.db, methodRails(services.rails, false).seal);
  if (resealed > 0) services.log.info({ methods: resealed }, "payment methods' secrets sealed at rest");
  if (services.config.DEMO_DATA) await seedDemo(services);
  if (services.config.DEMO_DATA) await services.rails.fundDevWallet();

  await app.register(
    async (scope) => {
      keyRoutes(scope, ctx);
      methodRoutes(scope, ctx);
      discountMerchantRoutes(scope, ctx);
      catalogRoutes(scope, ctx);
      customerRoutes(scope, ctx);
      linkRoutes(scope, ctx);
      sessionRoutes(scope, ctx);
      billingRoutes(scope, ctx);
      checkoutBrowserRoutes(scope, ctx);
      submitRoutes(scope, ctx);
      payerRoutes(scope, ctx);
      customerBrowserRoutes(scope, ctx);
      linkBrowserRoutes(scope, ctx);
      settingsRoutes(scope, ctx);
      demoRoutes(scope, ctx);
      balanceRoutes(scope, ctx);
      webhookRoutes(scope);
      railWebhookRoutesOf(scope, ctx);
      billingEngineRoutes(scope, ctx);
      testClockRoutes(scope, ctx);
      billingAdminRoutes(scope, ctx);
      billingExportRoutes(scope, ctx);
      customerPortalRoutes(scope, ctx);
      walletBatchRoutes(scope, ctx);
      adminViewRoutes(scope, ctx);
      meterRoutesOf(scope, ctx);
      usageRoutes(scope, ctx);
      creditRoutesOf(scope, ctx);
      openApiRoutes(scope, ctx);
    },
    { prefix: `${mount}/api` },
  );
  return ctx;
}

// Refunds: create one (with the intent row locked) and the send job sends it (intents/refund-send.ts).
export { createRefund, refundableAmount, type NewRefund } from './intents/index.js';
