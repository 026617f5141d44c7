// The rails of this server: one per payment method, the confirmation watchers, the callbacks the billing
// core registers, and in test mode the local demo chain.
import type { Logger } from 'pino';
import type { Config } from '../core/config.js';
import type { JobQueue } from '../core/jobs/queue.js';
import type { Db } from '../db/database.js';
import { AnvilMissingError } from './evm/anvil.js';
import type { DemoChain } from './evm/demo.js';
import { openDemoChain } from './evm/demo-pidfile.js';
import { EvmRail } from './evm/rail.js';
import {
  evmSettingsFromMethod,
  hotWalletAddress,
  isEvmMethod,
  type EvmSettings,
  type RailMethod,
} from './evm/settings.js';
import {
  defineWatcher,
  enqueueWatch,
  toWatchPayload,
  type ConfirmedHandler,
  type RejectedHandler,
} from './evm/watcher.js';
import { RailError, type DbLike, type PaymentExpectation, type Rail } from './types.js';

export type { ConfirmedHandler, RejectedHandler, WatchEvent } from './evm/watcher.js';
export type { RailMethod } from './evm/settings.js';

export interface RailsDeps {
  config: Pick<
    Config,
    'dataDir' | 'DEMO_DATA' | 'DEMO_CHAIN' | 'DEMO_CHAIN_PORT' | 'DEMO_CHAIN_BLOCK_TIME' | 'EVM_RPC_URL'
  >;
  db: Db;
  jobs: JobQueue;
  log: Logger;
}

export interface WatchRequest {
  method: RailMethod;
  txRef: string;
  expectation: PaymentExpectation;
  /** A watch started again after the first was lost: a fresh chain of checks (any distinct number). */
  resumed?: number;
}

export class Rails {
  /** The local chain of test mode, when this process started one. */
  demo: DemoChain | null = null;
  private readonly evmRails = new Map<string, EvmRail>();
  private readonly confirmed: ConfirmedHandler[] = [];
  private readonly rejected: RejectedHandler[] = [];

  constructor(private readonly deps: RailsDeps) {
    defineWatcher(deps.jobs, {
      db: deps.db,
      log: deps.log,
      evm: (settings) => this.evm(settings),
      confirmedHandlers: () => this.confirmed,
      rejectedHandlers: () => this.rejected,
    });
  }

  /** The rail of a payment method (a `payment_methods` row). */
  forMethod(method: RailMethod): Rail {
    if (isEvmMethod(method.type)) return this.evm(evmSettingsFromMethod(method));
    throw new RailError('rail_unsupported', `no rail for ${method.type} payment methods yet`);
  }

  evm(settings: EvmSettings): EvmRail {
    const key = JSON.stringify(settings);
    let rail = this.evmRails.get(key);
    if (!rail) {
      rail = new EvmRail(settings, {
        db: this.deps.db,
        dataDir: this.deps.config.dataDir,
        log: this.deps.log,
      });
      this.evmRails.set(key, rail);
    }
    return rail;
  }

  /**
   * Watches a submitted transaction until it is confirmed or rejected, then calls the handlers. Pass the
   * caller's transaction so the watch exists exactly when the intent change commits. Watching the same
   * (transaction, reference) twice is one watch.
   */
  async watch(request: WatchRequest, db: DbLike = this.deps.db): Promise<void> {
    if (!isEvmMethod(request.method.type)) {
      throw new RailError('rail_unsupported', `no watcher for ${request.method.type} payment methods yet`);
    }
    const settings = evmSettingsFromMethod(request.method);
    const payload = toWatchPayload(settings, request.txRef, request.expectation);
    await enqueueWatch(
      db,
      request.resumed === undefined ? payload : { ...payload, resumed: request.resumed },
    );
  }

  /** Called once per confirmed payment, inside the transaction that records it; throw to retry later. */
  onConfirmed(handler: ConfirmedHandler): () => void {
    this.confirmed.push(handler);
    return () => this.confirmed.splice(this.confirmed.indexOf(handler), 1);
  }

  /** Called once per rejected payment (wrong recipient or token, underpaid, replayed, reverted, not found). */
  onRejected(handler: RejectedHandler): () => void {
    this.rejected.push(handler);
    return () => this.rejected.splice(this.rejected.indexOf(handler), 1);
  }

  /**
   * Test mode with demo data and no EVM node configured: starts anvil with TUSD, or adopts the
   * one a crashed start of this data directory left running (see openDemoChain).
   * A missing anvil binary is a warning, not a failed start.
   */
  async startDemoChain(): Promise<DemoChain | null> {
    const { config, log } = this.deps;
    if (!config.DEMO_DATA || !config.DEMO_CHAIN || config.EVM_RPC_URL) return null;
    const chainId = 31337;
    const options = {
      chainId,
      blockTime: config.DEMO_CHAIN_BLOCK_TIME || undefined,
      fundEth: [await hotWalletAddress(config.dataDir, chainId)],
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
    log.info(
      {
        rpcUrl: this.demo.rpcUrl,
        chainId,
        token: this.demo.token.address,
        payer: this.demo.accounts[1]?.address,
      },
      'demo chain ready (anvil, TUSD)',
    );
    return this.demo;
  }

  async stop(): Promise<void> {
    const demo = this.demo;
    this.demo = null;
    if (demo) await demo.stop();
  }
}
