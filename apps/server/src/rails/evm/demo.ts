// The demo chain of test mode: anvil with "Test USD" (TUSD, 6 decimals) deployed and anvil's well-known
// accounts holding some. Deterministic: the deployer is account 0 at nonce 0, so TUSD has the same
// address on every fresh start.
import { pbkdf2Sync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createTestClient,
  erc20Abi,
  getAddress,
  getContractAddress,
  http,
  isHex,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type Transport,
  type Chain,
} from 'viem';
import { HDKey, hdKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { chainFor, mintAbi, walletClientFor, type EvmWalletClient } from './client.js';
import { startAnvil, type Anvil, type AnvilOptions } from './anvil.js';

/** anvil's default mnemonic: public test keys, worthless on any real chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

const artifactSchema = z.object({
  contractName: z.string(),
  abi: z.array(z.record(z.string(), z.unknown())),
  bytecode: z.string().refine((v) => isHex(v), 'hex'),
});

/** Our TestToken.sol compiled by scripts/compile-contracts.mjs (committed; no compiler at runtime). */
export function testTokenArtifact(): { abi: Abi; bytecode: Hex } {
  // From src/rails/evm or dist/rails/evm alike, three levels up is the package root.
  const file = new URL('../../../src/rails/evm/contracts/TestToken.json', import.meta.url);
  const parsed = artifactSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { abi: parsed.abi as unknown as Abi, bytecode: parsed.bytecode as Hex };
}

export interface TestAccount {
  address: Address;
  privateKey: Hex;
}

/** anvil's well-known funded accounts (10,000 ETH each on a fresh chain). */
export function anvilAccounts(count = 10): TestAccount[] {
  // BIP-39 seed computed once (PBKDF2-SHA512, 2048 rounds), not once per account.
  const seed = pbkdf2Sync(ANVIL_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
  const root = HDKey.fromMasterSeed(seed);
  return Array.from({ length: count }, (_, i) => {
    const account = hdKeyToAccount(root, { addressIndex: i });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error('no private key');
    return { address: account.address, privateKey: `0x${Buffer.from(key).toString('hex')}` };
  });
}

export type FastPublicClient = PublicClient<Transport, Chain>;

/** A public client that polls every 100 ms: local chains mine at once. */
export function localClient(chainId: number, rpcUrl: string): FastPublicClient {
  return createPublicClient({ chain: chainFor(chainId, rpcUrl), transport: http(), pollingInterval: 100 });
}

/** anvil's cheat codes: mine blocks, set balances. */
export function testClient(chainId: number, rpcUrl: string) {
  return createTestClient({ mode: 'anvil', chain: chainFor(chainId, rpcUrl), transport: http() });
}

export interface TokenInfo {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
}

/** Deploys a TestToken (mintable by `deployer`) and waits for it. */
export async function deployTestToken(
  client: FastPublicClient,
  deployer: EvmWalletClient,
  name: string,
  symbol: string,
  decimals: number,
): Promise<TokenInfo> {
  const { abi, bytecode } = testTokenArtifact();
  const hash = await deployer.deployContract({ abi, bytecode, args: [name, symbol, decimals] });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error(`deploying ${symbol} failed`);
  return { address: getAddress(receipt.contractAddress), name, symbol, decimals };
}

/** Mints `amount` (smallest units) of a TestToken to each address and waits until all are mined. */
export async function mintTo(
  client: FastPublicClient,
  deployer: EvmWalletClient,
  token: Address,
  to: Address[],
  amount: bigint,
): Promise<void> {
  const hashes: Hex[] = [];
  for (const address of to) {
    hashes.push(
      await deployer.writeContract({
        address: token,
        abi: mintAbi,
        functionName: 'mint',
        args: [address, amount],
      }),
    );
  }
  await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })));
}

export interface DemoChain {
  rpcUrl: string;
  chainId: number;
  token: TokenInfo;
  /** anvil's accounts, each holding 10,000 ETH and `tokensPerAccount` TUSD. Account 0 deployed TUSD. */
  accounts: TestAccount[];
  anvil: Anvil;
  stop(): Promise<void>;
}

export interface DemoChainOptions extends AnvilOptions {
  /** TUSD minted to each test account, in whole tokens (default 10,000). */
  tokensPerAccount?: number;
  /** Addresses that should hold ETH for gas (for example the server's hot wallet). */
  fundEth?: string[];
}

/**
 * Starts anvil and makes it the demo chain: a chain loaded from `stateFile` that already holds TUSD (at
 * account 0's first contract address) is kept as it is; a fresh one gets TUSD deployed and the test
 * accounts funded. `stop()` ends the chain (writing its state file first).
 */
export async function deployDemoChain(options: DemoChainOptions = {}): Promise<DemoChain> {
  const anvil = await startAnvil(options);
  try {
    const client = localClient(anvil.chainId, anvil.rpcUrl);
    const accounts = anvilAccounts(10);
    const deployerKey = accounts[0]?.privateKey;
    if (!deployerKey) throw new Error('no deployer');
    const deployer = walletClientFor(chainFor(anvil.chainId, anvil.rpcUrl), deployerKey);
    const token =
      (await loadedToken(client, deployer.account.address)) ?? (await seedFresh(client, deployer, options));
    for (const address of options.fundEth ?? []) {
      const wallet = getAddress(address);
      if ((await client.getBalance({ address: wallet })) >= parseUnits('1', 18)) continue;
      await testClient(anvil.chainId, anvil.rpcUrl).setBalance({
        address: wallet,
        value: parseUnits('100', 18),
      });
    }
    return { rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, token, accounts, anvil, stop: () => anvil.stop() };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/** TUSD on a chain loaded from a state file (deployed by account 0 as its first contract), else null. */
async function loadedToken(client: FastPublicClient, deployer: Address): Promise<TokenInfo | null> {
  if ((await client.getTransactionCount({ address: deployer })) === 0) return null;
  const address = getContractAddress({ from: deployer, nonce: 0n });
  const code = await client.getCode({ address });
  if (!code || code === '0x') throw new NotDemoChainError('no TUSD contract on a used chain');
  const symbol = await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' });
  if (symbol !== 'TUSD') throw new NotDemoChainError(`token symbol ${symbol}`);
  return { address, name: 'Test USD', symbol: 'TUSD', decimals: 6 };
}

/** A used chain that is not a demo chain (its state file is then set aside and a fresh chain started). */
export class NotDemoChainError extends Error {}

/** A fresh chain: TUSD deployed at its deterministic address and minted to the test accounts. */
async function seedFresh(
  client: FastPublicClient,
  deployer: EvmWalletClient,
  options: DemoChainOptions,
): Promise<TokenInfo> {
  const token = await deployTestToken(client, deployer, 'Test USD', 'TUSD', 6);
  const perAccount = parseUnits(String(options.tokensPerAccount ?? 10_000), token.decimals);
  const accounts = anvilAccounts(10).map((a) => a.address);
  await mintTo(client, deployer, token.address, accounts, perAccount);
  return token;
}
