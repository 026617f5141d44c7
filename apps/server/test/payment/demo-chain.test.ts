import { eq } from 'drizzle-orm';
import { evmPlugin } from '../support/chain.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../src/db/schema/index.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, startTestServer, type TestServer } from '../support/server.js';
import { clientFor } from './support.js';

const ENV = { DEMO_DATA: '1', DEMO_CHAIN: '1', DEMO_CHAIN_PORT: '0' };
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer | null = null;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url, ENV);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

interface EvmMethod {
  settings: { ethereum: { api_host: string; chain_id: number; explorer_host?: string } };
  payment_currencies: Array<{ symbol: string; contract: string | null }>;
}

async function demoMethod(url: string): Promise<EvmMethod | undefined> {
  const settings = await clientFor(url, null)('GET', '/settings', { query: { livemode: 'false' } });
  return (settings.body.paymentMethods as EvmMethod[])[0];
}

async function chainId(rpcUrl: string): Promise<string> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  return ((await res.json()) as { result: string }).result;
}

describe('demo data on the local demo chain', () => {
  it('points the test-mode EVM method and TUSD at the chain the server started, also after a restart', async () => {
    const demo = server ? evmPlugin(server.server.services.rails).demo : null;
    expect(demo, 'anvil should start (it is an npm dependency)').toBeTruthy();
    const first = await demoMethod(server?.url ?? '');
    expect(first?.settings.ethereum).toMatchObject({ chain_id: 31337, api_host: demo?.rpcUrl });
    // A local chain has no explorer: no link on the invoice page rather than one to the RPC.
    expect(first?.settings.ethereum).not.toHaveProperty('explorer_host');
    const tusd = first?.payment_currencies.find((c) => c.symbol === 'TUSD');
    expect(tusd?.contract?.toLowerCase()).toBe(demo?.token.address.toLowerCase());
    // Data seeded by earlier versions used the RPC as the explorer; the next start drops it.
    const rpc = demo?.rpcUrl ?? '';
    await server?.server.services.database.db
      .update(paymentMethods)
      .set({ settings: { ethereum: { chain_id: 31337, api_host: rpc, explorer_host: rpc } } })
      .where(eq(paymentMethods.livemode, false));
    // A change made behind the server's back reaches its catalog cache by the NOTIFY of the catalog
    // triggers, a moment after the commit; wait for it rather than racing it.
    await expect
      .poll(async () => (await demoMethod(server?.url ?? ''))?.settings.ethereum.explorer_host, {
        timeout: 5_000,
      })
      .toBe(rpc);
    await server?.stop();
    server = null;
    // A new process starts its own chain on a free port; the seeded method follows it.
    const child = await startChildServer(db.url, ENV);
    try {
      const again = await demoMethod(child.url);
      expect(again?.settings.ethereum.api_host).not.toBe(demo?.rpcUrl);
      expect(await chainId(again?.settings.ethereum.api_host ?? '')).toBe('0x7a69');
      expect(again?.settings.ethereum).not.toHaveProperty('explorer_host');
    } finally {
      await child.stop();
    }
  }, 90_000);
});
