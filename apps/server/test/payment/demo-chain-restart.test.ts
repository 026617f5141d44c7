import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { erc20Abi, getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFor, walletClientFor } from '../../src/rails/evm/client.js';
import { anvilAccounts, localClient } from '../../src/rails/evm/demo.js';
import { demoChainStateFile, isAlive, readDemoChainRecord } from '../../src/rails/evm/demo-pidfile.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { freePort } from '../../src/db/embedded.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, type ChildServer } from '../support/server.js';
import { advance, getSub, newClock, newCustomer } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { clientFor, TEST_SECRET, type Client } from './support.js';

// `npm start` stopped and started again with its data kept: the demo chain comes back with its blocks,
// balances, allowances and nonces (DATA_DIR/demo-chain-state.json), so the next renewal is pulled on the
// chain. And when the chain was reset anyway (its state file lost) while the database keeps the hot
// wallet's nonces, the next pull still goes through: nonces are taken from the chain at start.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let dataDir: string;
let server: ChildServer | null = null;
const PRICE = 3_000_000n;
const PAYER = 5;

beforeAll(async () => {
  db = await cloneTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-demo-restart-'));
}, 60_000);
afterAll(async () => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
  const left = readDemoChainRecord(dataDir);
  if (left && isAlive(left.pid)) process.kill(left.pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await db?.drop();
});

interface DemoMethod {
  id: string;
  settings: { ethereum: { api_host: string } };
  payment_currencies: Array<{ id: string; symbol: string; contract: string | null }>;
}

async function start(port: string): Promise<{ api: Client; rpc: string; tusd: Address; method: DemoMethod }> {
  server = await startChildServer(db.url, {
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    DEMO_CHAIN: '1',
    DEMO_CHAIN_PORT: port,
    PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
  });
  const settings = await clientFor(server.url, null)('GET', '/settings', { query: { livemode: 'false' } });
  const method = (settings.body.paymentMethods as DemoMethod[])[0];
  const tusd = method?.payment_currencies.find((c) => c.symbol === 'TUSD')?.contract;
  if (!method || !tusd) throw new Error(`no demo method: ${JSON.stringify(settings.body)}`);
  return {
    api: clientFor(server.url, TEST_SECRET),
    rpc: method.settings.ethereum.api_host,
    tusd: getAddress(tusd),
    method,
  };
}

async function stop(): Promise<void> {
  expect(await server?.stop()).toBe(0);
  server = null;
}

const balanceOf = (rpc: string, tusd: Address, who: Address) =>
  localClient(31337, rpc).readContract({
    address: tusd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  });

async function approve(rpc: string, tusd: Address, spender: string, amount: bigint) {
  const payer = walletClientFor(chainFor(31337, rpc), anvilAccounts(PAYER + 1)[PAYER]?.privateKey ?? '0x');
  // The nonce from this chain: the key's nonce manager remembers the chain before a reset.
  const nonce = await localClient(31337, rpc).getTransactionCount({
    address: payer.account.address,
    blockTag: 'pending',
  });
  const hash = await payer.writeContract({
    address: tusd,
    abi: erc20Abi,
    functionName: 'approve',
    args: [getAddress(spender), amount],
    nonce,
  });
  await localClient(31337, rpc).waitForTransactionReceipt({ hash });
}

describe('the demo chain across a stop and start with kept data', () => {
  it('keeps the chain, so a renewal after the restart is pulled on it; a reset chain still takes the next pull', async () => {
    const port = String(await freePort());
    const payer = getAddress(anvilAccounts(PAYER + 1)[PAYER]?.address ?? '0x');
    let demo = await start(port);
    const spender = await hotWalletAddress(dataDir, 31337);
    const currency = demo.method.payment_currencies.find((c) => c.symbol === 'TUSD')?.id ?? '';
    await approve(demo.rpc, demo.tusd, spender, 12n * PRICE);
    const price = await recurringPrice(demo.api, currency, 'Restart plan', PRICE.toString(), {
      interval: 'month',
    });
    const clock = await newClock(demo.api, '2027-01-10T00:00:00.000Z');
    const created = await demo.api('POST', '/subscriptions', {
      body: {
        customer_id: await newCustomer(demo.api, 'Restart Customer'),
        items: [{ price_id: price, quantity: 1 }],
        currency_id: currency,
        payment_method_id: demo.method.id,
        payer,
        test_clock_id: clock,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sub = String(created.body.id);
    await expect.poll(async () => (await getSub(demo.api, sub)).status, { timeout: 30_000 }).toBe('active');
    const paidFirst = await balanceOf(demo.rpc, demo.tusd, payer);
    // The first renewal before any restart: pulled on the chain with the hot wallet's nonces.
    await advance(demo.api, clock, '2027-02-11T00:00:00.000Z');
    await expect
      .poll(() => balanceOf(demo.rpc, demo.tusd, payer), { timeout: 30_000 })
      .toBe(paidFirst - PRICE);
    const client = () => localClient(31337, demo.rpc);
    const nonceBefore = await client().getTransactionCount({ address: getAddress(spender) });
    expect(nonceBefore).toBeGreaterThan(0);

    // Stop and start with the same data: the chain comes back as it was (nonces, balance, allowance).
    await stop();
    expect(existsSync(demoChainStateFile(dataDir))).toBe(true);
    demo = await start(port);
    expect(await client().getTransactionCount({ address: getAddress(spender) })).toBe(nonceBefore);
    expect(await balanceOf(demo.rpc, demo.tusd, payer)).toBe(paidFirst - PRICE);
    await advance(demo.api, clock, '2027-03-11T00:00:00.000Z');
    await expect
      .poll(() => balanceOf(demo.rpc, demo.tusd, payer), { timeout: 30_000 })
      .toBe(paidFirst - 2n * PRICE);
    expect((await getSub(demo.api, sub)).status).toBe('active');

    // The chain reset anyway (its state file lost) while the database keeps the hot wallet's nonces:
    // TUSD is deployed and funded again as on a fresh start, and the next pull still goes through.
    await stop();
    await rm(demoChainStateFile(dataDir), { force: true });
    demo = await start(port);
    expect(await client().getTransactionCount({ address: getAddress(spender) })).toBe(0);
    const fresh = await balanceOf(demo.rpc, demo.tusd, payer);
    expect(fresh).toBe(10_000_000_000n);
    // A fresh chain knows no allowance: the payer approves again, as a customer would.
    await approve(demo.rpc, demo.tusd, spender, 12n * PRICE);
    await advance(demo.api, clock, '2027-04-11T00:00:00.000Z');
    await expect.poll(() => balanceOf(demo.rpc, demo.tusd, payer), { timeout: 30_000 }).toBe(fresh - PRICE);
    expect((await getSub(demo.api, sub)).status).toBe('active');
    await stop();
  }, 300_000);
});
