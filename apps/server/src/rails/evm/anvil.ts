// A local EVM chain for test mode and tests: anvil from npm (`@foundry-rs/anvil`), whose binary comes in a
// per-platform package (`@foundry-rs/anvil-linux-amd64`, a root optional dependency: the registry here
// has no other platform builds, so the `@foundry-rs/anvil` wrapper would leave `npm ci` unsatisfiable).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../../db/embedded.js';

export interface AnvilOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  chainId?: number;
  /** Seconds between blocks; unset mines one block per transaction at once. */
  blockTime?: number;
  /** Explicit binary; else ANVIL_BIN, then the npm platform package. */
  binary?: string;
  /**
   * The chain's state file: loaded at start when it exists, written when anvil stops (SIGTERM) and every
   * `stateInterval` seconds, so a restart (or a kill -9, up to the last interval) keeps the chain.
   */
  stateFile?: string;
  /** Seconds between state dumps (default 2) when `stateFile` is set. */
  stateInterval?: number;
}

export interface Anvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** Where the anvil binary is, or null when this platform's package is not installed. */
export function resolveAnvilBinary(explicit?: string): string | null {
  const fromEnv = explicit ?? process.env.ANVIL_BIN;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const arch = ARCH[process.arch];
  if (!arch) return null;
  const name = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const pkg = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const binary = path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

export class AnvilMissingError extends Error {}

async function rpcReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC (about 100 ms). */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const binary = resolveAnvilBinary(options.binary);
  if (!binary) {
    throw new AnvilMissingError(
      `anvil is not installed for ${process.platform}-${process.arch}: install @foundry-rs/anvil (npm) or set ANVIL_BIN`,
    );
  }
  const port = options.port || (await freePort());
  // Something (a chain left by a crashed start, another program) already answers there: never take its
  // answers for this anvil's.
  if (options.port && !(await portFree(port))) throw new Error(`port ${port} is in use`);
  const chainId = options.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  if (options.stateFile) {
    args.push('--state', options.stateFile, '--state-interval', String(options.stateInterval ?? 2));
  }
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never leave a chain behind when this process exits without stopping it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await rpcReady(rpcUrl))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      process.removeListener('exit', killOnExit);
      throw new Error(`anvil did not start on port ${port}: ${stderr.trim() || `exit ${child.exitCode}`}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  let stopping: Promise<void> | null = null;
  return {
    rpcUrl,
    port,
    chainId,
    pid: child.pid,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return;
        // SIGTERM lets anvil write its state file; SIGKILL only when that takes more than 10 s.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
