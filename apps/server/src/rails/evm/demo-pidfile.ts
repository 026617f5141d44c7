// The demo chain across restarts and crashes. anvil keeps the chain in `DATA_DIR/demo-chain-state.json`
// (loaded at start, written on a graceful stop and every two seconds), so a stop and start of the same data
// directory finds its blocks, balances, allowances and the hot wallet's nonces again. A server killed with
// kill -9 cannot stop its anvil: the chain keeps running, with its port and every balance and payment on
// it. The server records the chain in `DATA_DIR/demo-chain.json` (anvil's pid and port, the TUSD address,
// the owning server's pid), and the next start adopts that chain when it is provably ours: the pid is an
// anvil process on the recorded port, no live server owns it, it answers with the recorded chain id, and
// the recorded TUSD contract is deployed there. A chain that fails any check is stopped and the chain
// started from the state file; a state file that is unusable is set aside and a fresh chain seeded (TUSD
// lands at its deterministic address again). So a restart never deploys TUSD a second time on an old
// chain, and never points the demo currency at another contract while old balances exist.
import { existsSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { erc20Abi, getAddress, type Address } from 'viem';
import { z } from 'zod';
import { AnvilMissingError, type Anvil } from './anvil.js';
import {
  anvilAccounts,
  deployDemoChain,
  localClient,
  type DemoChain,
  type DemoChainOptions,
  type TokenInfo,
} from './demo.js';

const recordSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().positive(),
  chainId: z.number().int().positive(),
  rpcUrl: z.string(),
  token: z.object({
    address: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int(),
  }),
  /** The server process that runs (or last ran) this chain. */
  serverPid: z.number().int().positive(),
  startedAt: z.string(),
});
export type DemoChainRecord = z.infer<typeof recordSchema>;

export const demoChainFile = (dataDir: string) => path.join(dataDir, 'demo-chain.json');
/** The chain itself (anvil's state: blocks, balances, allowances, nonces), kept across restarts. */
export const demoChainStateFile = (dataDir: string) => path.join(dataDir, 'demo-chain-state.json');

/**
 * Starts the demo chain from its state file; a state file anvil cannot load, or that holds another
 * chain than the demo's, is renamed aside (`.unusable-<time>`) and a fresh chain is started and seeded.
 */
async function startFromStateFile(
  dataDir: string,
  log: Logger,
  options: DemoChainOptions,
): Promise<DemoChain> {
  const stateFile = demoChainStateFile(dataDir);
  try {
    return await deployDemoChain({ ...options, stateFile });
  } catch (err) {
    if (err instanceof AnvilMissingError || !existsSync(stateFile)) throw err;
    const aside = `${stateFile}.unusable-${Date.now()}`;
    await rename(stateFile, aside);
    log.warn(
      { err: err instanceof Error ? err.message : String(err), aside },
      'demo chain: its saved state could not be used; starting a fresh chain',
    );
    return deployDemoChain({ ...options, stateFile });
  }
}

export function readDemoChainRecord(dataDir: string): DemoChainRecord | null {
  const file = demoChainFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    return recordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

export async function writeDemoChainRecord(dataDir: string, record: DemoChainRecord): Promise<void> {
  await writeFile(demoChainFile(dataDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

export async function removeDemoChainRecord(dataDir: string): Promise<void> {
  await rm(demoChainFile(dataDir), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `pid` runs anvil listening on `port` (Linux /proc; elsewhere only "it is alive"). */
function isAnvilOnPort(pid: number, port: number): boolean {
  const cmdlineFile = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return isAlive(pid);
  try {
    const args = readFileSync(cmdlineFile, 'utf8').split('\0');
    const binary = path.basename(args[0] ?? '');
    const portAt = args.indexOf('--port');
    return binary.startsWith('anvil') && portAt >= 0 && args[portAt + 1] === String(port);
  } catch {
    return false;
  }
}

export type LeftoverVerdict =
  | { kind: 'none' }
  | { kind: 'reuse'; record: DemoChainRecord }
  | { kind: 'owned'; record: DemoChainRecord }
  | { kind: 'stale'; record: DemoChainRecord; reason: string };

/** What the recorded chain is: absent, ours to adopt, owned by a live server, or to be stopped. */
export async function judgeLeftover(dataDir: string): Promise<LeftoverVerdict> {
  const record = readDemoChainRecord(dataDir);
  if (!record || !isAlive(record.pid) || !isAnvilOnPort(record.pid, record.port)) return { kind: 'none' };
  if (record.serverPid !== process.pid && isAlive(record.serverPid)) return { kind: 'owned', record };
  try {
    const client = localClient(record.chainId, record.rpcUrl);
    const chainId = await client.getChainId();
    if (chainId !== record.chainId) return { kind: 'stale', record, reason: `chain id ${chainId}` };
    const token = getAddress(record.token.address);
    const code = await client.getCode({ address: token });
    if (!code || code === '0x')
      return { kind: 'stale', record, reason: 'no TUSD contract at the recorded address' };
    const symbol = await client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' });
    if (symbol !== record.token.symbol) return { kind: 'stale', record, reason: `token symbol ${symbol}` };
    return { kind: 'reuse', record };
  } catch (err) {
    return { kind: 'stale', record, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Stops a leftover anvil (SIGTERM, then SIGKILL after 10 s) and waits until it is gone. */
export async function stopPid(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; isAlive(pid); waited += 50) {
    if (waited === 10_000) process.kill(pid, 'SIGKILL');
    if (waited > 15_000) throw new Error(`anvil pid ${pid} did not stop`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An anvil this process did not start but adopted: stopping it stops that pid. */
export function adoptedAnvil(record: DemoChainRecord): Anvil {
  const killOnExit = () => {
    try {
      process.kill(record.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  let stopping: Promise<void> | null = null;
  return {
    rpcUrl: record.rpcUrl,
    port: record.port,
    chainId: record.chainId,
    pid: record.pid,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', killOnExit);
        await stopPid(record.pid);
      })();
      return stopping;
    },
  };
}

export function tokenOf(record: DemoChainRecord): TokenInfo {
  return { ...record.token, address: getAddress(record.token.address) as Address };
}

export interface OpenDemoChainOptions extends DemoChainOptions {
  dataDir: string;
  log: Logger;
}

/**
 * The demo chain of this data directory: the recorded one when it is still running and provably ours
 * (balances and payments intact), else a fresh one, recorded for the next start.
 */
export async function openDemoChain(options: OpenDemoChainOptions): Promise<DemoChain> {
  const { dataDir, log, ...chainOptions } = options;
  const verdict = await judgeLeftover(dataDir);
  if (verdict.kind === 'owned') {
    throw new Error(
      `the demo chain of ${dataDir} (anvil pid ${verdict.record.pid}) belongs to a running server (pid ${verdict.record.serverPid})`,
    );
  }
  if (verdict.kind === 'reuse') {
    const record = { ...verdict.record, serverPid: process.pid };
    await writeDemoChainRecord(dataDir, record);
    log.info(
      { pid: record.pid, port: record.port },
      'demo chain: reusing the chain left running by an earlier start',
    );
    const anvil = adoptedAnvil(record);
    return {
      rpcUrl: record.rpcUrl,
      chainId: record.chainId,
      token: tokenOf(record),
      accounts: anvilAccounts(10),
      anvil,
      stop: () => anvil.stop().then(() => removeDemoChainRecord(dataDir)),
    };
  }
  if (verdict.kind === 'stale') {
    log.warn(
      { pid: verdict.record.pid, reason: verdict.reason },
      'demo chain: stopping a leftover chain that is not ours',
    );
    await stopPid(verdict.record.pid);
  }
  const demo = await startFromStateFile(dataDir, log, chainOptions);
  const pid = demo.anvil.pid;
  if (pid) {
    await writeDemoChainRecord(dataDir, {
      pid,
      port: demo.anvil.port,
      chainId: demo.chainId,
      rpcUrl: demo.rpcUrl,
      token: demo.token,
      serverPid: process.pid,
      startedAt: new Date().toISOString(),
    });
  }
  return { ...demo, stop: () => demo.stop().then(() => removeDemoChainRecord(dataDir)) };
}
