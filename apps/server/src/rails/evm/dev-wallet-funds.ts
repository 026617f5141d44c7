import path from 'node:path';
import { loadOrCreateKey } from '@payshelf/wallet';
import { erc20Abi, getAddress } from 'viem';
import type { Logger } from 'pino';
import { DEV_WALLET_PROFILE } from '../../core/dev-wallet-profile.js';
import { chainFor, walletClientFor } from './client.js';
import { localClient, mintTo, testClient, type DemoChain } from './demo.js';
import type { RailsConfig } from '../plugin.js';
import { evmAccountOf } from './wallet-answerer.js';

/**
 * With the test wallet (DEV_WALLET=1) and the demo chain, the wallet's derived EVM account holds ETH for
 * gas and TUSD, so "Approve with test wallet" can pay a demo checkout through DID Connect.
 */
export async function fundDevWalletOnDemoChain(
  demo: DemoChain | null,
  config: Pick<RailsConfig, 'dataDir' | 'DEV_WALLET' | 'PAYSHELF_LIVE'>,
  log: Logger,
): Promise<void> {
  if (!demo || !config.DEV_WALLET || config.PAYSHELF_LIVE) return;
  try {
    const key = await loadOrCreateKey(
      path.join(config.dataDir, 'secrets', 'dev-wallet.json'),
      DEV_WALLET_PROFILE,
    );
    const address = getAddress(evmAccountOf(key.wallet).address);
    const client = localClient(demo.chainId, demo.rpcUrl);
    const unit = 10n ** BigInt(demo.token.decimals);
    const tokens = await client.readContract({
      address: demo.token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    const deployerKey = demo.accounts[0]?.privateKey;
    if (tokens < 1000n * unit && deployerKey) {
      const deployer = walletClientFor(chainFor(demo.chainId, demo.rpcUrl), deployerKey);
      await mintTo(client, deployer, demo.token.address, [address], 10_000n * unit);
    }
    if ((await client.getBalance({ address })) < 10n ** 18n) {
      await testClient(demo.chainId, demo.rpcUrl).setBalance({ address, value: 100n * 10n ** 18n });
    }
    log.info({ address }, 'test wallet: EVM account funded on the demo chain (ETH and TUSD)');
  } catch (err) {
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'test wallet: EVM account not funded',
    );
  }
}
