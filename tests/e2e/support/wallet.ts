import type { BrowserContext, Locator, Page } from 'playwright-core';
import { merchant } from './checkoutSessions.js';

/** anvil's well-known test account 1 (funded with ETH and demo TUSD, unlocked). */
export const ANVIL_ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export type Rpc = (method: string, params?: unknown[]) => Promise<unknown>;

/**
 * Injects an EIP-1193 wallet into every page of the context: it shares anvil's unlocked test account 1
 * and forwards every other call to the demo chain's RPC. Answers the RPC call for the test itself.
 */
export async function installAnvilWallet(context: BrowserContext, page: Page): Promise<Rpc> {
  const methods = await merchant<{ data: { settings: { ethereum?: { api_host: string } } }[] }>(
    page,
    'GET',
    '/payment-methods',
  );
  const rpc = methods.data.find((m) => m.settings.ethereum)?.settings.ethereum?.api_host;
  if (!rpc) throw new Error('no demo EVM method');
  const call = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const res = await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const json = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (json.error) throw new Error(json.error.message);
    return json.result;
  };
  await context.exposeFunction('__anvilRpc', (method: string, params: unknown[]) => call(method, params));
  await context.addInitScript((account: string) => {
    const rpcCall = (window as unknown as { __anvilRpc(m: string, p: unknown[]): Promise<unknown> })
      .__anvilRpc;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: ({ method, params }: { method: string; params?: unknown[] }) =>
        method === 'eth_requestAccounts' || method === 'eth_accounts'
          ? Promise.resolve([account])
          : rpcCall(method, params ?? []),
    };
  }, ANVIL_ACCOUNT_1);
  return call;
}

/** ERC-20 `approve(spender, amount)` call data. */
export function approveData(spender: string, amount: bigint): string {
  const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  return `0x095ea7b3${word(spender)}${word(amount.toString(16))}`;
}

/**
 * Mines one block at a time until `target` shows: after each block it waits for the page itself to
 * react (the server sees the confirmations and the page updates), so a quick machine takes as many
 * steps as the method's confirmations and a loaded one waits longer per block instead of failing.
 */
export async function mineUntilVisible(rpc: Rpc, target: Locator, maxBlocks = 40): Promise<void> {
  for (let block = 0; block < maxBlocks; block += 1) {
    const shown = await target.waitFor({ state: 'visible', timeout: 1_500 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    await rpc('anvil_mine', ['0x1']).catch(() => undefined);
  }
  await target.waitFor({ state: 'visible', timeout: 10_000 });
}
