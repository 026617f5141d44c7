// Benches as users get them: Payshelf started the way `npm start` runs it (scripts/start.mjs: the built
// code in its own process, the real log level, its log written to a file), a bare Fastify in another
// process answering the same content, and the load from autocannon in a third process.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Target {
  method: 'GET' | 'POST';
  /** Path and query, the same on both servers. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, plus socket errors and timeouts. */
  failed: number;
  /** The server's CPU seconds per request during the run (null off Linux). */
  cpuPerRequest: number | null;
  /** One-minute load average before and after the run. */
  load: [number, number];
}

export interface Process {
  base: string;
  /** The serving process's CPU time so far, in seconds (user + system), or null off Linux. */
  cpu(): number | null;
  stop(): Promise<void>;
}

/** User + system CPU seconds of `pid`, from /proc (null where there is no /proc). */
function cpuOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The server process under scripts/start.mjs (its only child that is a node process). */
function serverPid(startPid: number | undefined): number | undefined {
  if (startPid === undefined) return undefined;
  try {
    const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(' ');
    return children.length && children[0] ? Number(children[0]) : startPid;
  } catch {
    return undefined;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before ${url} answered`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * `npm start` (scripts/start.mjs: install check, build, then the server) with `env` over its defaults,
 * a fresh data directory, and stdout/stderr (the request log) written to `log.txt` there.
 */
export async function startPayshelf(env: Record<string, string>): Promise<Process & { log: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-'));
  const log = path.join(dataDir, 'log.txt');
  const fd = openSync(log, 'w');
  const port = String(await freePort());
  // BENCH_PREBUILT=1 skips start.mjs's install check and build: the built server with start.mjs's
  // environment (for repeated runs while nothing changed).
  const entry = process.env.BENCH_PREBUILT === '1' ? 'apps/server/dist/main.js' : 'scripts/start.mjs';
  const started = { NODE_ENV: 'production', DEMO_DATA: '1', DEV_WALLET: '1', LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: { ...started, ...process.env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${base}/readyz`, child, 600);
  } catch (err) {
    child.kill('SIGTERM');
    throw new Error(`${(err as Error).message}; log: ${log}`);
  }
  const pid = process.env.BENCH_PREBUILT === '1' ? child.pid : serverPid(child.pid);
  return {
    base,
    log,
    cpu: () => cpuOf(pid),
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BareRoute {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  type: string;
  body: string;
}

/** The bare Fastify baseline (support/bare-server.mjs) in its own process, serving `routes`. */
export function startBare(routes: BareRoute[]): Promise<Process> {
  const child = spawn(process.execPath, [path.join(root, 'bench/support/bare-server.mjs')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.end(JSON.stringify(routes));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      resolve({
        base: out.trim(),
        cpu: () => cpuOf(child.pid),
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
      });
    });
  });
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run (its CLI, in its own process) of `target` on `server`. */
export function autocannon(
  server: Process,
  target: Target,
  seconds: number,
  connections: number,
): Promise<Run> {
  const base = server.base;
  const cpuBefore = server.cpu();
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), '-m', target.method];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(base + target.url);
  const before = os.loadavg()[0] ?? 0;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const r = JSON.parse(out) as AutocannonResult;
      const cpuAfter = server.cpu();
      resolve({
        cpuPerRequest:
          cpuBefore === null || cpuAfter === null
            ? null
            : (cpuAfter - cpuBefore) / Math.max(1, r.requests.total),
        rps: r.requests.total / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        failed: r.non2xx + r.errors + r.timeouts,
        load: [before, os.loadavg()[0] ?? 0],
      });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const loadText = ([a, b]: [number, number]) => `load ${a.toFixed(1)}→${b.toFixed(1)}`;
