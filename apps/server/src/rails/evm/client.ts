import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  nonceManager,
  parseAbi,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  type Account,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** ERC-20 mint of our TestToken (the deployer only). */
export const mintAbi = parseAbi(['function mint(address to, uint256 value)']);

export function chainFor(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export type EvmPublicClient = PublicClient<Transport, Chain>;
export type EvmWalletClient = WalletClient<Transport, Chain, Account>;

export function publicClientFor(chain: Chain): EvmPublicClient {
  return createPublicClient({ chain, transport: http(undefined, { retryCount: 2, timeout: 15_000 }) });
}

/** A wallet client on a local key; the nonce manager keeps concurrent sends from one key in order. */
export function walletClientFor(chain: Chain, key: Hex): EvmWalletClient {
  const account = privateKeyToAccount(key, { nonceManager });
  return createWalletClient({
    account,
    chain,
    transport: http(undefined, { retryCount: 0, timeout: 15_000 }),
  });
}

/** 0x-prefixed 32-byte hash in lower case, or null when `text` is not one. */
export function normalizeTxHash(text: string): Hex | null {
  const t = text.trim().toLowerCase();
  return /^0x[0-9a-f]{64}$/.test(t) ? (t as Hex) : null;
}
