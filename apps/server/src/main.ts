import { createServer } from './app.js';
import { ConfigError, loadConfig } from './core/config.js';
import { createLogger } from './core/logger.js';

/** Entry point: config -> database -> modules -> listen; SIGINT/SIGTERM shut down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config);

  // Signals are handled from the first moment: a stop asked for while the server is still starting
  // (migrations, demo chain, job workers) waits for the start to finish and then stops everything,
  // the embedded PostgreSQL included, instead of dying with the default signal action.
  let server: Awaited<ReturnType<typeof createServer>> | null = null;
  let stopRequested: string | null = null;
  const shutdown = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    if (server) stopAndExit(server);
  };
  let starting: Promise<unknown> = Promise.resolve();
  const stopAndExit = (running: NonNullable<typeof server>) => {
    starting
      .catch(() => undefined)
      .then(() => running.stop())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  // Our shutdown stops PostgreSQL last, after in-flight requests and jobs (db/embedded.ts removes the
  // embedded package's own signal hooks).
  // A library that loses its database connection mid-query (the embedded PostgreSQL died and is being
  // restarted) may leave that failure unhandled: log it and keep running; anything else still crashes.
  process.on('unhandledRejection', (reason) => {
    if (isConnectionLoss(reason)) {
      log.warn({ err: reason }, 'database connection lost during a background query');
      return;
    }
    throw reason;
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const created = await createServer(config, log);
  server = created;
  if (stopRequested) return stopAndExit(created);
  const start = created.start();
  starting = start;
  const url = await start;
  if (stopRequested) return;
  log.info({ url }, `Payshelf is running at ${url}`);
}

/** PostgreSQL went away: admin shutdown, crash, starting up, refused or reset connection. */
function isConnectionLoss(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  const code = (reason as Error & { code?: unknown }).code;
  if (typeof code === 'string' && /^(57P0[1-3]|ECONNREFUSED|ECONNRESET|EPIPE)$/.test(code)) return true;
  return /Connection terminated|not queryable/.test(reason.message);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
