import { erc20Abi, getAddress, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainFor, walletClientFor, type EvmWalletClient } from '../../src/rails/evm/client.js';
import {
  deployDemoChain,
  deployTestToken,
  localClient,
  mintTo,
  testClient,
  type DemoChain,
  type FastPublicClient,
  type TokenInfo,
} from '../../src/rails/evm/demo.js';
import { referenceTag } from '../../src/rails/evm/reference.js';
import { EvmRailPlugin } from '../../src/rails/evm/index.js';
import type { RailMethod, Rails } from '../../src/rails/registry.js';
import type { RailAsset, WalletRequest } from '../../src/rails/types.js';

/** The server's EVM rail plugin (its demo chain, its rails by settings). */
export function evmPlugin(rails: Rails): EvmRailPlugin {
  const plugin = rails.plugin('evm');
  if (!(plugin instanceof EvmRailPlugin)) throw new Error('no evm rail registered');
  return plugin;
}

export const ETH: RailAsset = { currencyId: 'pc_eth', symbol: 'ETH', decimals: 18, contract: null };

/** A real anvil chain with TUSD for one test file, and helpers to pay on it. */
export async function startChain() {
  const demo: DemoChain = await deployDemoChain({ port: 0 });
  const client: FastPublicClient = localClient(demo.chainId, demo.rpcUrl);
  const cheat = testClient(demo.chainId, demo.rpcUrl);
  const chain = chainFor(demo.chainId, demo.rpcUrl);
  const wallets = new Map<number, EvmWalletClient>();
  const deployer = walletClientFor(chain, demo.accounts[0]?.privateKey ?? '0x');

  const wallet = (i: number): EvmWalletClient => {
    let w = wallets.get(i);
    if (!w) {
      const key = demo.accounts[i]?.privateKey;
      if (!key) throw new Error(`no test account ${i}`);
      w = walletClientFor(chain, key);
      wallets.set(i, w);
    }
    return w;
  };
  const mined = async (hash: Hex) => {
    await client.waitForTransactionReceipt({ hash });
    return hash;
  };
  const tusd: RailAsset = {
    currencyId: 'pc_tusd',
    symbol: demo.token.symbol,
    decimals: demo.token.decimals,
    contract: demo.token.address,
  };

  return {
    demo,
    client,
    tusd,
    address: (i: number): Address => getAddress(demo.accounts[i]?.address ?? '0x'),
    wallet,
    /** A fresh address nobody has used. */
    freshAddress: (): Address => privateKeyToAccount(generatePrivateKey()).address,
    /** A payment method row for this chain. */
    method(merchant: string | null, confirmations = 1, type: 'ethereum' | 'base' = 'ethereum'): RailMethod {
      return {
        id: `pm_${type}_test`,
        type,
        livemode: false,
        settings: {
          [type]: {
            chain_id: demo.chainId,
            api_host: demo.rpcUrl,
            explorer_host: 'https://explorer.example',
            ...(merchant ? { merchant_address: merchant } : {}),
          },
        },
        confirmation: { type: 'block', block: confirmations },
      };
    },
    /** Account `i` sends what a wallet would for a payment target, and waits for it to be mined. */
    async pay(i: number, request: WalletRequest): Promise<Hex> {
      const hash = await wallet(i).sendTransaction({
        to: getAddress(request.to),
        value: request.value,
        data: request.data as Hex,
      });
      return mined(hash);
    },
    async sendEth(i: number, to: string, value: bigint): Promise<Hex> {
      return mined(await wallet(i).sendTransaction({ to: getAddress(to), value }));
    },
    /** A token transfer; `gas` skips estimation so a failing transfer is mined (and reverts). */
    async sendToken(i: number, token: string, to: string, amount: bigint, gas?: bigint): Promise<Hex> {
      const hash = await wallet(i).writeContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [getAddress(to), amount],
        ...(gas ? { gas } : {}),
      });
      return mined(hash);
    },
    /** A token transfer made for payment `reference` (its tag appended to the call data, as wallets send it). */
    async sendTokenFor(
      reference: string,
      i: number,
      token: string,
      to: string,
      amount: bigint,
    ): Promise<Hex> {
      const hash = await wallet(i).writeContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [getAddress(to), amount],
        dataSuffix: referenceTag(reference),
      });
      return mined(hash);
    },
    async approve(i: number, token: string, spender: string, amount: bigint): Promise<Hex> {
      const hash = await wallet(i).writeContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'approve',
        args: [getAddress(spender), amount],
      });
      return mined(hash);
    },
    async tokenBalance(token: string, owner: string): Promise<bigint> {
      return client.readContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(owner)],
      });
    },
    /** Another TestToken, minted to the test accounts (for "wrong token" cases). */
    async otherToken(symbol = 'OTHER', decimals = 6): Promise<TokenInfo> {
      const token = await deployTestToken(client, deployer, `Other ${symbol}`, symbol, decimals);
      await mintTo(
        client,
        deployer,
        token.address,
        [1, 2, 3].map((i) => getAddress(demo.accounts[i]?.address ?? '0x')),
        10n ** 12n,
      );
      return token;
    },
    mine: (blocks: number) => cheat.mine({ blocks }),
    snapshot: () => cheat.snapshot(),
    revert: (id: Hex) => cheat.revert({ id }),
    setEth: (address: string, value: bigint) => cheat.setBalance({ address: getAddress(address), value }),
    stop: () => demo.stop(),
  };
}

export type TestChain = Awaited<ReturnType<typeof startChain>>;
