import type { Logger } from 'pino';
import type { Config } from './core/config.js';
import type { JobQueue } from './core/jobs/queue.js';
import type { RealtimeBus } from './core/realtime/bus.js';
import type { RealtimeHub } from './core/realtime/hub.js';
import type { Database } from './db/database.js';
import type { Rails } from './rails/registry.js';

/** Everything a module needs: modules receive this and register their routes, jobs and topics. */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  jobs: JobQueue;
  bus: RealtimeBus;
  relay: RealtimeHub;
  /** Payment rails: `rails.forMethod(method)`, `rails.watch(…)`, `rails.onConfirmed(…)`. */
  rails: Rails;
}
