import fastifyRateLimit from '@fastify/rate-limit';
import { postgresRateStore } from '../../core/http/rate-store.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { ApiError } from '../../core/http/errors.js';
import { loadAppWallet } from './app-wallet.js';
import { DidConnect } from './connect/registry.js';
import { createDevWallet } from './dev-wallet.js';
import { sessionOf, type Identity } from './guard.js';
import { loginAction } from './login.js';
import { IdentityRepo } from './repo.js';
import { identityRoutes } from './routes.js';
import { accountRoutes } from './account-routes.js';
import { IdentityService, userTopic } from './service.js';

export type { ConnectAction, ClaimSet } from './connect/action.js';
export { ConnectRefusal } from './connect/action.js';
export { optionalUser, requireRole, requireUser, requireDeveloper, isDeveloper, hasRole } from './guard.js';
export { platformMount, platformUser, PLATFORM_OPENAPI_PATH } from './routes-kit.js';

/**
 * Identity: DID Connect (login, and the machinery payment's actions use), sessions, passports and the
 * members API. Decorates the app with `identity`, which the guards read.
 */
export async function registerIdentity(app: FastifyInstance, services: Services): Promise<Identity> {
  const { config, log, database, jobs, relay, bus } = services;
  const repo = new IdentityRepo(database.db);
  const service = new IdentityService(
    repo,
    {
      ownerDid: config.OWNER_DID,
      idleSeconds: Math.round(config.SESSION_IDLE_HOURS * 3600),
      maxSeconds: Math.round(config.SESSION_MAX_DAYS * 86400),
    },
    bus,
  );
  const appWallet = await loadAppWallet(config.APP_SK, config.dataDir, log);
  const devWallet =
    config.DEV_WALLET && !config.PAYSHELF_LIVE ? await createDevWallet(app, config.dataDir) : null;

  // Rate limiting is scoped to the DID Connect routes; the scope lives on for actions registered later.
  const holder: { connect?: DidConnect } = {};
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      store: postgresRateStore(database.pool),
      skipOnError: true,
      errorResponseBuilder: () => ApiError.of('rate_limited', {}),
    });
    holder.connect = new DidConnect(scope, {
      pool: database.pool,
      log,
      appWallet,
      appName: config.APP_NAME,
      appIcon: config.APP_ICON,
      publicUrl: config.PUBLIC_URL,
      trustProxy: config.TRUST_PROXY,
      tokenRatePerMinute: config.CONNECT_TOKEN_RATE_PER_MINUTE,
      devWallet,
    });
  });
  const connect = holder.connect;
  if (!connect) throw new Error('identity scope did not start');
  const identity: Identity = {
    service,
    connect,
    publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null,
  };
  app.decorate('identity', identity);
  identity.connect.register(loginAction(service));
  identityRoutes(app, service, config.PAYSHELF_CHECK_RESPONSES);
  accountRoutes(app, service, config.PAYSHELF_CHECK_RESPONSES);

  relay.allow('identity:user:', async (topic, request) => {
    const session = await sessionOf(request);
    return session !== null && topic === userTopic(session.user.did);
  });
  jobs.define('identity:prune', z.object({}).passthrough(), async (_payload, { log: jobLog }) => {
    await repo.prune();
    jobLog.info('pruned expired sign-in tokens and sessions');
  });
  jobs.schedule('23 * * * *', 'identity:prune');
  app.addHook('onClose', async () => identity.connect.close());
  if (devWallet)
    log.warn({ did: devWallet.did }, 'test wallet enabled (DEV_WALLET=1): never on a live install');
  return identity;
}
