import fastifyCookie from '@fastify/cookie';
import { ANALYTICS_PREFIX } from '@payshelf/api';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './core/config.js';
import { installErrorHandling } from './core/http/errors.js';
import { installRequestGuard } from './core/http/guard.js';
import { installRateLimits } from './core/http/rate-limits.js';
import { installSameOrigin } from './core/http/same-origin.js';
import { installSecurityHeaders } from './core/http/security-headers.js';
import { serveSpa } from './core/http/spa.js';
import { registerMaintenanceJobs } from './core/jobs/maintenance.js';
import { JobQueue } from './core/jobs/queue.js';
import { createLogger, OneLineRequestLog } from './core/logger.js';
import { RealtimeBus } from './core/realtime/bus.js';
import { RealtimeHub } from './core/realtime/hub.js';
import { applyMigrations, openDatabase } from './db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { claimOwnPort, portOf } from './core/own-ports.js';
import { healthRoutes } from './platform/health/routes.js';
import { domainRoutes, withSavedPublicUrl } from './platform/host/domain.js';
import { hostInfoRoutes } from './platform/host/routes.js';
import { Rails } from './rails/registry.js';
import type { Services } from './services.js';
import { registerIdentity } from './platform/identity/index.js';
import { loadAppWallet } from './platform/identity/app-wallet.js';
import { SECRET_KINDS, SecretBox } from './core/secret-box.js';
import { BINDING_COOKIE } from './platform/identity/connect/routes.js';
import { SESSION_COOKIE } from './platform/identity/guard.js';
import { registerIcons } from './platform/icons/index.js';
import { registerAnalytics } from './platform/analytics/index.js';
import { registerNotifications } from './platform/notifications/index.js';
import { registerNavigation } from './platform/navigation/index.js';

export const RELAY_SOCKET_PATH = '/.well-known/service/relay/websocket';

export interface Server {
  app: FastifyInstance;
  services: Services;
  /** Listens on the configured port and starts the job worker; resolves to the base URL. */
  start(): Promise<string>;
  /** Stops taking requests, lets in-flight ones finish, then stops jobs, realtime and the database. */
  stop(): Promise<void>;
}

export async function createServer(given: Config, log: Logger = createLogger(given)): Promise<Server> {
  // The configuration from the environment; once the database is open, a saved public URL may fill in.
  let config = given;
  let embedded: EmbeddedDatabase | null = null;
  let restartJobs: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.EMBEDDED_PG_PORT, log, {
      restarts: config.EMBEDDED_PG_RESTARTS,
      // The database is gone for good: exit non-zero so the process supervisor starts us afresh.
      onGiveUp: () => process.exit(1),
      onRestarted: () => {
        restartJobs?.().catch((err: unknown) => log.error({ err }, 'job queue restart failed'));
      },
    });
    url = embedded.url;
  }
  // The database's port is the server's own: no user-aimed request (a test-mode webhook) may reach it.
  const releaseDbPort = claimOwnPort(portOf(new URL(url)), 'database');
  await applyMigrations(url, log);
  const database = openDatabase(url, log);
  config = await withSavedPublicUrl(given, database.pool);
  const takeoverAfterMs = config.JOB_TAKEOVER_AFTER_SECONDS * 1000;
  // A process beats three times within the takeover limit, so one late beat never looks like death.
  const jobs = new JobQueue(database.pool, log, {
    takeoverAfterMs,
    heartbeatMs: Math.min(10_000, Math.floor(takeoverAfterMs / 3)),
  });
  restartJobs = () => jobs.restart(config.JOB_CONCURRENCY);
  const bus = new RealtimeBus(url, database.pool, log);
  const relay = new RealtimeHub(bus);
  // Methods' secrets (a card provider's secret key) are sealed under a key of the instance key.
  const instanceKey = (await loadAppWallet(config.APP_SK, config.dataDir, log)).secretKey;
  const secrets = new SecretBox(instanceKey, SECRET_KINDS.railSettings);
  const rails = new Rails({ config, db: database.db, jobs, log, secrets });
  const services: Services = { config, log, database, jobs, bus, relay, rails };
  // Before the modules register, so demo data can point test-mode methods at the local chain.
  await rails.startDemo();

  const httpLog: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance: httpLog,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    logController: new OneLineRequestLog(config.LOG_SLOW_REQUEST_MS),
  });
  installErrorHandling(app);
  installRequestGuard(app);
  await app.register(fastifyCookie);
  // Before the hooks below: a refused handshake must still be marked as a websocket, so it is closed.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  installSameOrigin(app, {
    credentialCookies: [SESSION_COOKIE, BINDING_COOKIE],
    publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null,
  });
  installSecurityHeaders(app, {
    paymentMount: config.PAYMENT_MOUNT_POINT,
    checkoutFrameAncestors: config.CHECKOUT_FRAME_ANCESTORS,
    railOrigins: rails.pageOrigins(),
  });
  await installRateLimits(app, {
    paymentMount: config.PAYMENT_MOUNT_POINT,
    analyticsPrefix: ANALYTICS_PREFIX,
    checkoutStartPerMinute: config.CHECKOUT_START_RATE_PER_MINUTE,
    apiKeyFailuresPerMinute: config.API_KEY_FAILURE_RATE_PER_MINUTE,
    analyticsBeaconsPerMinute: config.ANALYTICS_BEACON_RATE_PER_MINUTE,
    pool: database.pool,
  });

  registerMaintenanceJobs(jobs, database.pool);
  const supervised = embedded;
  healthRoutes(app, database, config.PAYSHELF_CHECK_RESPONSES, () => supervised?.health() ?? { ok: true });
  hostInfoRoutes(app, config);
  await registerIdentity(app, services);
  domainRoutes(app, given, config, database.pool);
  await registerNavigation(app, services);
  registerNotifications(app, services);
  registerAnalytics(app, services);
  registerIcons(app, config.PAYSHELF_CHECK_RESPONSES);
  await import('./payment/index.js').then((payment) => payment.registerPayment(app, services));
  await import('./store/index.js').then((store) => store.registerStore(app, services));
  relay.allow('public:', () => true);
  relay.mount(app, { path: RELAY_SOCKET_PATH, heartbeatSeconds: 30 });
  await serveSpa(app, config.webDistDir, config.PAYMENT_MOUNT_POINT);

  await bus.start();

  let stopped = false;
  let releaseHttpPort: () => void = () => undefined;
  return {
    app,
    services,
    async start() {
      const address = await app.listen({ port: config.PORT, host: config.HOST });
      const bound = app.server.address();
      if (bound && typeof bound === 'object') releaseHttpPort = claimOwnPort(bound.port, 'server');
      await jobs.start(config.JOB_CONCURRENCY);
      return address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      relay.closeAll();
      await app.close();
      await jobs.stop();
      await rails.stop();
      await bus.stop();
      await database.close();
      if (embedded) await embedded.stop();
      releaseHttpPort();
      releaseDbPort();
    },
  };
}
