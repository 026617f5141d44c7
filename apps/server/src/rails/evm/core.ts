// What every part of one EVM rail shares: its settings, chain and node client, the hot wallet it signs
// with (loaded once), the node's chain check, and how a node's refusal becomes a RailError.
import { BaseError, type Chain, type Hex, type NonceManager } from 'viem';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { RailError } from '../types.js';
import {
  chainFor,
  publicClientFor,
  walletClientFor,
  type EvmPublicClient,
  type EvmWalletClient,
} from './client.js';
import { loadHotWalletKey, networkOf, type EvmSettings } from './settings.js';

export interface EvmRailDeps {
  db: Db;
  dataDir: string;
  log: Logger;
  /** The server's nonce manager for this rail's node (shared by every rail signing there). */
  nonces: NonceManager;
}

export class EvmRailCore {
  readonly network: string;
  readonly chain: Chain;
  readonly client: EvmPublicClient;
  private wallet: Promise<EvmWalletClient> | null = null;
  private chainChecked: Promise<void> | null = null;
  private nonceSynced = false;

  constructor(
    readonly settings: EvmSettings,
    readonly deps: EvmRailDeps,
  ) {
    this.network = networkOf(settings.chainId);
    this.chain = chainFor(settings.chainId, settings.rpcUrl);
    this.client = publicClientFor(this.chain);
  }

  /** The address payments go to: the configured merchant, or else the hot wallet. */
  async merchant(): Promise<string> {
    return this.settings.merchant ?? (await this.hotWallet()).account.address;
  }

  /** The address payers approve for pulls, and refunds are paid from (the hot wallet). */
  async spender(): Promise<string> {
    return (await this.hotWallet()).account.address;
  }

  hotWallet(): Promise<EvmWalletClient> {
    this.wallet ??= loadHotWalletKey(this.deps.dataDir, this.settings.chainId).then((key) =>
      walletClientFor(this.chain, key, this.deps.nonces),
    );
    return this.wallet;
  }

  /** True once per rail: its first nonce is the chain's count, whatever the database remembers. */
  firstNonce(): boolean {
    if (this.nonceSynced) return false;
    this.nonceSynced = true;
    return true;
  }

  /** The node must serve the chain the method names; checked once per rail. */
  checkChain(): Promise<void> {
    this.chainChecked ??= this.client.getChainId().then((id) => {
      if (id !== this.settings.chainId) {
        throw new RailError(
          'rail_misconfigured',
          `${this.settings.rpcUrl} serves chain ${id}, not ${this.settings.chainId}`,
        );
      }
    });
    this.chainChecked.catch(() => (this.chainChecked = null));
    return this.chainChecked;
  }

  /** Runs a signing step; a hot wallet without gas money fails as a RailError. */
  async send(what: string, fn: () => Promise<Hex>): Promise<Hex> {
    try {
      return await fn();
    } catch (err) {
      throw await this.railErrorOf(err, what);
    }
  }

  /** An out-of-gas-money failure of the hot wallet as a RailError; anything else as it is. */
  async railErrorOf(err: unknown, what: string): Promise<unknown> {
    const text = err instanceof BaseError ? `${err.message} ${err.details} ${err.shortMessage}` : String(err);
    if (/insufficient funds/i.test(text)) {
      return new RailError(
        'hot_wallet_unfunded',
        `the hot wallet ${await this.spender()} cannot pay gas for the ${what}`,
      );
    }
    return err;
  }
}
