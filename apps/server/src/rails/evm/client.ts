import {
  createPublicClient,
  createWalletClient,
  defineChain,
  createNonceManager,
  http,
  parseAbi,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  type Account,
  type NonceManager,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { jsonRpc } from 'viem/nonce';

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

/**
 * A nonce manager of its own. viem's default `nonceManager` is one object for the whole process, keyed by
 * address and chain id only: two chains with the same id (every anvil is 31337) would share its
 * remembered nonces, and a send on a fresh chain would take the old chain's next nonce and never be mined.
 */
export function newNonceManager(): NonceManager {
  return createNonceManager({ source: jsonRpc() });
}

/**
 * A wallet client on a local key. Its nonce manager keeps concurrent sends from one key in order; clients
 * that sign for the same key on the same node pass the same manager (by default each client has its own).
 */
export function walletClientFor(
  chain: Chain,
  key: Hex,
  nonceManager: NonceManager = newNonceManager(),
): EvmWalletClient {
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
