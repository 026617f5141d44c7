import path from 'node:path';
import { loadOrCreateKey } from '@payshelf/wallet';
import { erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmAccountOf } from '../../src/rails/evm/wallet-answerer.js';
import { localClient } from '../../src/rails/evm/demo.js';
import { evmPlugin } from '../support/chain.js';
import { startPaymentEnv } from './support.js';

// With demo data and the test wallet, the wallet's derived EVM account can pay on the demo chain.
describe('demo install with the test wallet', () => {
  it(
    'a demo install funds the test wallet’s EVM account on the demo chain',
    { timeout: 90_000 },
    async () => {
      const demo = await startPaymentEnv({
        DEMO_DATA: '1',
        DEMO_CHAIN: '1',
        DEMO_CHAIN_PORT: '0',
        DEV_WALLET: '1',
      });
      try {
        const services = demo.server.server.services;
        const local = evmPlugin(services.rails).demo;
        expect(local).not.toBeNull();
        const file = path.join(services.config.dataDir, 'secrets', 'dev-wallet.json');
        const payer = evmAccountOf((await loadOrCreateKey(file)).wallet).address;
        const client = localClient(local?.chainId ?? 0, local?.rpcUrl ?? '');
        expect(await client.getBalance({ address: payer })).toBeGreaterThanOrEqual(10n ** 18n);
        const tokens = await client.readContract({
          address: local?.token.address ?? '0x',
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [payer],
        });
        expect(tokens).toBe(10_000n * 10n ** 6n);
      } finally {
        await demo.stop();
      }
    },
  );
});
