import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { erc20Abi, getAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFor, walletClientFor } from '../../src/rails/evm/client.js';
import { anvilAccounts, localClient } from '../../src/rails/evm/demo.js';
import { isAlive, readDemoChainRecord } from '../../src/rails/evm/demo-pidfile.js';
import { freePort } from '../../src/db/embedded.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, type ChildServer } from '../support/server.js';
import { clientFor } from './support.js';

// Crash leftovers: a server killed with kill -9 cannot stop its demo chain. The next start of the same data
// directory must adopt that chain (same port, same TUSD, balances intact), not deploy TUSD a second time
// on it and re-point the demo currency.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let dataDir: string;
const children: ChildServer[] = [];

beforeAll(async () => {
  db = await cloneTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-demo-crash-'));
});
afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  const left = readDemoChainRecord(dataDir);
  if (left && isAlive(left.pid)) process.kill(left.pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await db?.drop();
});

interface EvmMethod {
  settings: { ethereum: { api_host: string } };
  payment_currencies: Array<{ symbol: string; contract: string | null }>;
}

async function demo(url: string): Promise<{ rpc: string; tusd: Address }> {
  const settings = await clientFor(url, null)('GET', '/settings', { query: { livemode: 'false' } });
  const method = (settings.body.paymentMethods as EvmMethod[])[0];
  const tusd = method?.payment_currencies.find((c) => c.symbol === 'TUSD')?.contract;
  if (!method || !tusd) throw new Error(`no demo method: ${JSON.stringify(settings.body)}`);
  return { rpc: method.settings.ethereum.api_host, tusd: getAddress(tusd) };
}

const exited = (c: ChildServer) =>
  new Promise<void>((resolve) =>
    c.process.exitCode !== null || c.process.signalCode !== null
      ? resolve()
      : c.process.once('exit', () => resolve()),
  );

describe('demo chain after a crash', () => {
  it('adopts the chain a killed server left running: same port, same TUSD, balances kept', async () => {
    const env = {
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DEMO_CHAIN: '1',
      DEMO_CHAIN_PORT: String(await freePort()),
    };
    const first = await startChildServer(db.url, env);
    children.push(first);
    const before = await demo(first.url);
    const recorded = readDemoChainRecord(dataDir);

    // A payment on the chain before the crash: 12.5 TUSD to a fresh address.
    const client = localClient(31337, before.rpc);
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const payer = walletClientFor(chainFor(31337, before.rpc), anvilAccounts(2)[1]?.privateKey ?? '0x');
    const hash = await payer.writeContract({
      address: before.tusd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [payee, 12_500_000n],
    });
    await client.waitForTransactionReceipt({ hash });

    first.process.kill('SIGKILL');
    await exited(first);
    expect(await client.getChainId(), 'kill -9 leaves anvil running').toBe(31337);

    const second = await startChildServer(db.url, env);
    children.push(second);
    const after = await demo(second.url);
    expect(after).toEqual(before);
    const balance = await client.readContract({
      address: after.tusd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [payee],
    });
    expect(balance).toBe(12_500_000n);
    expect(recorded?.port).toBe(Number(env.DEMO_CHAIN_PORT));
    expect(readDemoChainRecord(dataDir)?.pid).toBe(recorded?.pid);

    // A graceful stop ends the adopted chain and forgets it.
    const code = await second.stop();
    expect(code, `${second.process.signalCode} ${second.output()}`).toBe(0);
    expect(isAlive(recorded?.pid ?? 0)).toBe(false);
    expect(readDemoChainRecord(dataDir)).toBeNull();
  }, 120_000);
});
