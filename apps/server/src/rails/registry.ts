// The rails of this server: one plugin per rail kind (rails/<kind>/index.ts), found by the payment
// method's type; the callbacks the payment flows register; in test mode the rails' demo networks.
// Adding a rail kind is its folder and one line in PLUGINS.
import type { Db } from '../db/database.js';
import type { JobQueue } from '../core/jobs/queue.js';
import type { Logger } from 'pino';
import type { SecretBox } from '../core/secret-box.js';
import { bitcoinRailPlugin } from './bitcoin/index.js';
import { evmRailPlugin } from './evm/index.js';
import { stripeRailPlugin } from './stripe/index.js';
import type {
  ConfirmedHandler,
  DemoMethod,
  DemoNetwork,
  PageOrigins,
  ProgressHandler,
  RailMethod,
  RailPlugin,
  RailEventOutcome,
  RailEventRequest,
  RailPluginFactory,
  RailsConfig,
  RejectedHandler,
  WatchRequest,
} from './plugin.js';
import { RailError, type DbLike, type PaymentTarget, type Rail, type RailKind } from './types.js';

export type {
  ConfirmedHandler,
  DemoMethod,
  DemoNetwork,
  PageOrigins,
  ProgressHandler,
  RailMethod,
  RailEventOutcome,
  RailEventRequest,
  RejectedHandler,
  WatchEvent,
  WatchRequest,
} from './plugin.js';

/** Every rail kind this server knows: one line each. */
const PLUGINS: readonly RailPluginFactory[] = [evmRailPlugin, bitcoinRailPlugin, stripeRailPlugin];

export interface RailsDeps {
  config: RailsConfig;
  db: Db;
  jobs: JobQueue;
  log: Logger;
  /** Seals the secrets of methods' settings at rest (see RailPlugin.sealSettings); null keeps them as given. */
  secrets?: SecretBox | null;
}

export class Rails {
  /** The demo network of test mode, when this process started one (the first rail that did). */
  demo: DemoNetwork | null = null;
  private readonly plugins = new Map<RailKind, RailPlugin>();
  private readonly byMethodType = new Map<string, RailPlugin>();
  private readonly confirmed: ConfirmedHandler[] = [];
  private readonly rejected: RejectedHandler[] = [];
  private readonly progress: ProgressHandler[] = [];

  constructor(
    private readonly deps: RailsDeps,
    factories: readonly RailPluginFactory[] = PLUGINS,
  ) {
    for (const factory of factories) this.register(factory);
  }

  /** Adds a rail kind: its plugin serves the payment methods of its `methodTypes` from now on. */
  register(factory: RailPluginFactory): RailPlugin {
    const plugin = factory({
      ...this.deps,
      secrets: this.deps.secrets ?? null,
      confirmedHandlers: () => this.confirmed,
      rejectedHandlers: () => this.rejected,
      progressHandlers: () => this.progress,
    });
    this.plugins.set(plugin.kind, plugin);
    for (const type of plugin.methodTypes) this.byMethodType.set(type, plugin);
    return plugin;
  }

  /** The watcher jobs of every rail kind (see RailPlugin.watchTask). */
  watchTasks(): string[] {
    return [...this.plugins.values()].map((plugin) => plugin.watchTask);
  }

  /** The plugin of a rail kind (tests and test-mode aids), or undefined when none is registered. */
  plugin(kind: RailKind): RailPlugin | undefined {
    return this.plugins.get(kind);
  }

  private pluginFor(method: RailMethod): RailPlugin {
    const plugin = this.byMethodType.get(method.type);
    if (!plugin) throw new RailError('rail_unsupported', `no rail for ${method.type} payment methods yet`);
    return plugin;
  }

  /** The rail of a payment method (a `payment_methods` row). */
  forMethod(method: RailMethod): Rail {
    return this.pluginFor(method).forMethod(method);
  }

  /**
   * Watches a submitted transaction until it is confirmed or rejected, then calls the handlers. Pass the
   * caller's transaction so the watch exists exactly when the intent change commits. Watching the same
   * (transaction, reference) twice is one watch.
   */
  async watch(request: WatchRequest, db: DbLike = this.deps.db): Promise<void> {
    await this.pluginFor(request.method).watch(request, db);
  }

  /** What is wrong with a method, by its rail's own check (rails without one accept any); null when it works. */
  async methodProblem(method: RailMethod): Promise<string | null> {
    const plugin = this.byMethodType.get(method.type);
    return plugin?.checkMethod ? plugin.checkMethod(method) : null;
  }

  /** The method's settings as they are to be stored: its rail seals the secrets in them. */
  sealSettings(method: RailMethod): Record<string, unknown> {
    const plugin = this.byMethodType.get(method.type);
    return plugin?.sealSettings ? plugin.sealSettings(method) : method.settings;
  }

  /** A provider's webhook for one of its methods; refused for a rail that takes none. */
  async webhook(method: RailMethod, request: RailEventRequest): Promise<RailEventOutcome> {
    const plugin = this.pluginFor(method);
    if (!plugin.webhook) return { status: 'refused', detail: `${method.type} methods take no webhooks` };
    return plugin.webhook(method, request);
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

  /** Called while a watched payment gathers confirmations (its count changed or not; make it idempotent). */
  onProgress(handler: ProgressHandler): () => void {
    this.progress.push(handler);
    return () => this.progress.splice(this.progress.indexOf(handler), 1);
  }

  /** Test mode with demo data: each rail starts (or adopts) its local network when it has one. */
  async startDemo(): Promise<DemoNetwork | null> {
    for (const plugin of this.plugins.values()) {
      const started = (await plugin.startDemo?.()) ?? null;
      this.demo ??= started;
    }
    return this.demo;
  }

  /** Where the demo catalog's method and token live: the running demo network, else the default one. */
  demoNetwork(): DemoNetwork | null {
    if (this.demo) return this.demo;
    for (const plugin of this.plugins.values()) {
      const network = plugin.demoNetwork?.();
      if (network) return network;
    }
    return null;
  }

  /** The local test services this process runs (the local Stripe, the regtest chain), for the demo catalog. */
  demoMethods(): DemoMethod[] {
    return [...this.plugins.values()].flatMap((plugin) => plugin.demoMethod?.() ?? []);
  }

  /** Every origin a checkout page may load a rail's browser part from (the page's policy allows them). */
  pageOrigins(): PageOrigins {
    const all: PageOrigins = { script: [], connect: [], frame: [] };
    for (const plugin of this.plugins.values()) {
      const origins = plugin.pageOrigins?.();
      if (!origins) continue;
      all.script.push(...origins.script);
      all.connect.push(...origins.connect);
      all.frame.push(...origins.frame);
    }
    return all;
  }

  /** Test wallet (DEV_WALLET, never live): pays a target of a method whose rail has one; answers the txid. */
  async payWithTestWallet(method: RailMethod, target: PaymentTarget): Promise<string> {
    const plugin = this.pluginFor(method);
    if (!this.deps.config.DEV_WALLET || this.deps.config.PAYSHELF_LIVE || !plugin.payFromTestWallet) {
      throw new RailError('rail_unsupported', 'no test wallet pays this method');
    }
    return plugin.payFromTestWallet(method, target);
  }

  /** Test wallet (DEV_WALLET, never live): funds its accounts on the demo networks. */
  async fundDevWallet(): Promise<void> {
    for (const plugin of this.plugins.values()) await plugin.fundDevWallet?.();
  }

  async stop(): Promise<void> {
    this.demo = null;
    for (const plugin of this.plugins.values()) await plugin.stop?.();
  }
}
