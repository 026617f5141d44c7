// The Bitcoin rail as a plugin: one BitcoinRail per method settings, the confirmation watcher job, and
// in test mode the local Esplora-compatible regtest chain (kept in DATA_DIR) with the test wallet.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { claimOwnPort } from '../../core/own-ports.js';
import type { DemoMethod, RailMethod, RailPlugin, RailPluginHost, WatchRequest } from '../plugin.js';
import { RailError, type DbLike, type PaymentTarget } from '../types.js';
import { EsploraClient } from './client.js';
import { accountXpubOf } from './keys.js';
import { startLocalEsplora, type LocalEsplora } from './esplora/server.js';
import { BitcoinRail } from './rail.js';
import { bitcoinSettingsFromMethod, type BitcoinSettings } from './settings.js';
import { TestBitcoinWallet } from './test-wallet.js';
import {
  BITCOIN_CONFIRM_TASK,
  defineBitcoinWatcher,
  enqueueBitcoinWatch,
  toBitcoinWatch,
} from './watcher.js';

/** How often the demo chain mines a block while its mempool holds transactions. */
const DEMO_BLOCK_MS = 5_000;
/**
 * The demo merchant's wallet seed: public, so anyone may sign its refunds on the local regtest chain
 * (the server still holds only the account's xpub). Never a key for real coins.
 */
const DEMO_MERCHANT_SEED = createHash('sha256').update('payshelf demo merchant (regtest only)').digest();
/** One TUSD (6 decimals) is 1,000 satoshis in the demo (a bitcoin at 100,000 dollars). */
const TUSD_UNITS_PER_SAT = 1_000n;

export class BitcoinRailPlugin implements RailPlugin {
  readonly kind = 'bitcoin' as const;
  readonly methodTypes = ['bitcoin'] as const;
  readonly watchTask = BITCOIN_CONFIRM_TASK;
  /** The local regtest chain of test mode, when this process started one. */
  demo: LocalEsplora | null = null;
  private readonly rails = new Map<string, BitcoinRail>();
  private releasePort: () => void = () => undefined;
  private miner: NodeJS.Timeout | null = null;

  constructor(private readonly host: RailPluginHost) {
    defineBitcoinWatcher(host.jobs, {
      db: host.db,
      log: host.log,
      rail: (settings) => this.rail(settings),
      confirmedHandlers: () => host.confirmedHandlers(),
      rejectedHandlers: () => host.rejectedHandlers(),
      progressHandlers: () => host.progressHandlers(),
    });
  }

  forMethod(method: RailMethod): BitcoinRail {
    return this.rail(bitcoinSettingsFromMethod(method));
  }

  rail(settings: BitcoinSettings): BitcoinRail {
    const key = JSON.stringify(settings);
    let rail = this.rails.get(key);
    if (!rail) {
      rail = new BitcoinRail(settings, { db: this.host.db, log: this.host.log });
      this.rails.set(key, rail);
    }
    return rail;
  }

  /** The key parses and is of the method's network; the Esplora URL answers with a chain height. */
  async checkMethod(method: RailMethod): Promise<string | null> {
    let settings: BitcoinSettings;
    try {
      settings = bitcoinSettingsFromMethod(method);
    } catch (err) {
      return err instanceof Error ? err.message.replace(/^payment method [^:]+: /, '') : String(err);
    }
    try {
      await new EsploraClient(settings.esploraUrl).tipHeight();
      return null;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return `settings.bitcoin.api_host does not answer as an Esplora API (${detail})`;
    }
  }

  async watch(request: WatchRequest, db: DbLike): Promise<void> {
    if (request.method.type !== 'bitcoin') {
      throw new RailError('rail_unsupported', `${request.method.type} is not a Bitcoin method`);
    }
    const payload = toBitcoinWatch(
      bitcoinSettingsFromMethod(request.method),
      request.txRef,
      request.expectation,
    );
    await enqueueBitcoinWatch(
      db,
      request.resumed === undefined ? payload : { ...payload, resumed: request.resumed },
    );
  }

  /** Test mode with demo data: the local regtest chain, its state kept in DATA_DIR/bitcoin-regtest.json. */
  async startDemo(): Promise<null> {
    const { config, log } = this.host;
    if (!config.DEMO_DATA || !config.DEMO_CHAIN || config.PAYSHELF_LIVE) return null;
    const file = path.join(config.dataDir, 'bitcoin-regtest.json');
    const port = config.DEMO_CHAIN_PORT ? config.DEMO_CHAIN_PORT + 1 : 0;
    try {
      this.demo = await startLocalEsplora({ port, file }).catch(() => startLocalEsplora({ port: 0, file }));
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'local bitcoin chain not started');
      return null;
    }
    this.releasePort = claimOwnPort(this.demo.port, 'chain');
    const wallet = this.testWallet();
    if (wallet && (await wallet.balance()) === 0n) this.demo.mine(2, wallet.address);
    // A block every few seconds while transactions wait, so demo payments confirm without a miner.
    const demo = this.demo;
    this.miner = setInterval(() => {
      if (wallet && demo.chain.all().some((t) => t.height === null)) demo.mine(1, wallet.address);
    }, DEMO_BLOCK_MS);
    this.miner.unref();
    log.info({ url: this.demo.url }, 'local bitcoin chain ready (regtest, Esplora API)');
    return null;
  }

  /** The demo catalog's Bitcoin method: the demo merchant's vpub on the local regtest chain. */
  demoMethod(): DemoMethod | null {
    if (!this.demo) return null;
    return {
      kind: 'bitcoin',
      method: {
        type: 'bitcoin',
        name: 'Bitcoin (test)',
        description: 'Local regtest chain started by npm start; pay with the test wallet',
        settings: {
          bitcoin: {
            network: 'regtest',
            xpub: accountXpubOf(DEMO_MERCHANT_SEED, 'regtest'),
            api_host: this.demo.url,
            // Many demo checkouts are opened and left unpaid: a wide gap keeps the method open.
            gap_limit: 1000,
          },
        },
        confirmation: { type: 'block', block: 1 },
      },
      currency: { symbol: 'BTC', name: 'Bitcoin', decimals: 8, precision: 8 },
      fromBaseUnits: (units) => units / TUSD_UNITS_PER_SAT,
    };
  }

  /** The test wallet pays a regtest method's target (the registry allows it in test mode only). */
  async payFromTestWallet(method: RailMethod, target: PaymentTarget): Promise<string> {
    const settings = bitcoinSettingsFromMethod(method);
    if (settings.network !== 'regtest')
      throw new RailError('rail_unsupported', 'the test wallet pays on regtest only');
    const wallet = new TestBitcoinWallet(new EsploraClient(settings.esploraUrl));
    try {
      return (await wallet.pay(target.recipient, target.amount)).txid;
    } catch (err) {
      throw new RailError('hot_wallet_unfunded', err instanceof Error ? err.message : String(err));
    }
  }

  /** The test wallet on the local chain (null when this process runs none). */
  testWallet(): TestBitcoinWallet | null {
    return this.demo ? new TestBitcoinWallet(new EsploraClient(this.demo.url)) : null;
  }

  async stop(): Promise<void> {
    if (this.miner) clearInterval(this.miner);
    this.miner = null;
    const demo = this.demo;
    this.demo = null;
    if (demo) await demo.stop();
    this.releasePort();
  }
}
