// The EVM rail as a plugin: one EvmRail per method settings, the confirmation watcher job, and in test
// mode the local demo chain (anvil with TUSD) and the test wallet's funds on it.
import { getAddress, type NonceManager } from 'viem';
import type { DemoNetwork, RailMethod, RailPlugin, RailPluginHost, WatchRequest } from '../plugin.js';
import { RailError, type DbLike } from '../types.js';
import { claimOwnPort } from '../../core/own-ports.js';
import { AnvilMissingError } from './anvil.js';
import { newNonceManager } from './client.js';
import { localClient, type DemoChain } from './demo.js';
import { openDemoChain } from './demo-pidfile.js';
import { fundDevWalletOnDemoChain } from './dev-wallet-funds.js';
import { EvmRail } from './rail.js';
import {
  EVM_METHOD_TYPES,
  evmSettingsFromMethod,
  hotWalletAddress,
  isEvmMethod,
  type EvmSettings,
} from './settings.js';
import { CONFIRM_TASK, defineWatcher, enqueueWatch, toWatchPayload } from './watcher.js';

/** anvil's chain id, and where a fresh anvil deploys account 0's first contract (TUSD). */
const DEMO_CHAIN_ID = 31337;
const DEFAULT_DEMO_RPC = 'http://127.0.0.1:8545';
const DEFAULT_TUSD_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export class EvmRailPlugin implements RailPlugin {
  readonly kind = 'evm' as const;
  readonly methodTypes = EVM_METHOD_TYPES;
  readonly watchTask = CONFIRM_TASK;
  /** The local chain of test mode, when this process started (or adopted) one. */
  demo: DemoChain | null = null;
  private readonly rails = new Map<string, EvmRail>();
  /** One nonce manager per node URL, owned by this server (never by the process). */
  private readonly nonces = new Map<string, NonceManager>();
  private releaseChainPort: () => void = () => undefined;

  constructor(private readonly host: RailPluginHost) {
    defineWatcher(host.jobs, {
      db: host.db,
      log: host.log,
      evm: (settings) => this.rail(settings),
      confirmedHandlers: () => host.confirmedHandlers(),
      rejectedHandlers: () => host.rejectedHandlers(),
    });
  }

  forMethod(method: RailMethod): EvmRail {
    return this.rail(evmSettingsFromMethod(method));
  }

  rail(settings: EvmSettings): EvmRail {
    const key = JSON.stringify(settings);
    let rail = this.rails.get(key);
    if (!rail) {
      rail = new EvmRail(settings, {
        db: this.host.db,
        dataDir: this.host.config.dataDir,
        log: this.host.log,
        nonces: this.noncesFor(settings.rpcUrl),
      });
      this.rails.set(key, rail);
    }
    return rail;
  }

  private noncesFor(rpcUrl: string): NonceManager {
    let nonces = this.nonces.get(rpcUrl);
    if (!nonces) {
      nonces = newNonceManager();
      this.nonces.set(rpcUrl, nonces);
    }
    return nonces;
  }

  async watch(request: WatchRequest, db: DbLike): Promise<void> {
    if (!isEvmMethod(request.method.type)) {
      throw new RailError('rail_unsupported', `${request.method.type} is not an EVM method`);
    }
    const payload = toWatchPayload(evmSettingsFromMethod(request.method), request.txRef, request.expectation);
    await enqueueWatch(
      db,
      request.resumed === undefined ? payload : { ...payload, resumed: request.resumed },
    );
  }

  /**
   * Test mode with demo data and no EVM node configured: starts anvil with TUSD, or adopts the
   * one a crashed start of this data directory left running (see openDemoChain).
   * A missing anvil binary is a warning, not a failed start.
   */
  async startDemo(): Promise<DemoNetwork | null> {
    const { config, log } = this.host;
    if (!config.DEMO_DATA || !config.DEMO_CHAIN || config.EVM_RPC_URL) return null;
    const options = {
      chainId: DEMO_CHAIN_ID,
      blockTime: config.DEMO_CHAIN_BLOCK_TIME || undefined,
      fundEth: [await hotWalletAddress(config.dataDir, DEMO_CHAIN_ID)],
      dataDir: config.dataDir,
      log,
    };
    try {
      try {
        this.demo = await openDemoChain({ ...options, port: config.DEMO_CHAIN_PORT });
      } catch (err) {
        if (err instanceof AnvilMissingError || !config.DEMO_CHAIN_PORT) throw err;
        log.warn(
          { port: config.DEMO_CHAIN_PORT, err: err instanceof Error ? err.message : String(err) },
          'demo chain port busy; using a free port',
        );
        this.demo = await openDemoChain({ ...options, port: 0 });
      }
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'demo chain not started: test-mode EVM payments are unavailable (install @foundry-rs/anvil or set EVM_RPC_URL)',
      );
      return null;
    }
    // The chain's RPC is the server's own port: no user-aimed request (a test-mode webhook) may reach it.
    this.releaseChainPort = claimOwnPort(this.demo.anvil.port, 'chain');
    log.info(
      {
        rpcUrl: this.demo.rpcUrl,
        chainId: DEMO_CHAIN_ID,
        token: this.demo.token.address,
        payer: this.demo.accounts[1]?.address,
      },
      'demo chain ready (anvil, TUSD)',
    );
    return this.demoNetwork();
  }

  /**
   * The demo method's chain: anvil's RPC, and no `explorer_host` because a local chain has no explorer
   * (the invoice page then shows the transaction hash without a link, never a link to the RPC).
   */
  demoNetwork(): DemoNetwork {
    const chainId = this.demo?.chainId ?? DEMO_CHAIN_ID;
    const rpcUrl = this.demo?.rpcUrl ?? DEFAULT_DEMO_RPC;
    return {
      kind: 'evm',
      method: {
        type: 'ethereum',
        name: 'Local chain (anvil)',
        description: 'Test-mode EVM chain started by npm start',
        settings: { ethereum: { chain_id: chainId, api_host: rpcUrl } },
      },
      token: {
        symbol: 'TUSD',
        name: 'Test USD',
        decimals: 6,
        contract: this.demo?.token.address ?? DEFAULT_TUSD_ADDRESS,
      },
      coin: { symbol: 'ETH', name: 'Ether', decimals: 18 },
      hasContract: async (address) => {
        const client = localClient(chainId, rpcUrl);
        const code = await client.getCode({ address: getAddress(address) }).catch(() => undefined);
        return Boolean(code && code !== '0x');
      },
    };
  }

  fundDevWallet(): Promise<void> {
    return fundDevWalletOnDemoChain(this.demo, this.host.config, this.host.log);
  }

  async stop(): Promise<void> {
    const demo = this.demo;
    this.demo = null;
    if (demo) await demo.stop();
    this.releaseChainPort();
  }
}
