// The plugin contract of a rail kind: what rails/registry.ts needs from rails/<kind>/index.ts. A new
// kind (bitcoin, stripe) is a folder exporting one RailPluginFactory and one line in the registry.
import type { PaymentMethodCreate } from '@payshelf/api';
import type { Logger } from 'pino';
import type { Config } from '../core/config.js';
import type { SecretBox } from '../core/secret-box.js';
import type { JobQueue } from '../core/jobs/queue.js';
import type { Db } from '../db/database.js';
import type {
  ConfirmedPayment,
  DbLike,
  PaymentExpectation,
  PaymentTarget,
  Rail,
  RailKind,
  RejectReason,
} from './types.js';

/** A payment method as the rails see it (a `payment_methods` row has these fields). */
export interface RailMethod {
  id: string;
  type: string;
  livemode: boolean;
  settings: Record<string, unknown>;
  confirmation: { type: string; block?: number };
}

export interface WatchRequest {
  method: RailMethod;
  txRef: string;
  expectation: PaymentExpectation;
  /** A watch started again after the first was lost: a fresh chain of checks (any distinct number). */
  resumed?: number;
}

/** A watched payment's outcome, as the handlers the payment flows register receive it. */
export interface WatchEvent {
  rail: RailKind;
  methodId: string;
  reference: string;
  txRef: string;
}
export type ConfirmedHandler = (
  event: WatchEvent & { payment: ConfirmedPayment },
  tx: DbLike,
) => Promise<void>;
export type RejectedHandler = (
  /** `underpaid`: the short transfer made for this payment, recorded once (it is to be refunded). */
  event: WatchEvent & { reason: RejectReason; detail: string; underpaid?: ConfirmedPayment },
  tx: DbLike,
) => Promise<void>;

/** A watched payment still short of its depth: how many confirmations it has, of how many required. */
export type ProgressHandler = (
  event: WatchEvent & { confirmations: number; required: number },
  tx: DbLike,
) => Promise<void>;

export type RailsConfig = Pick<
  Config,
  | 'dataDir'
  | 'DEMO_DATA'
  | 'DEMO_CHAIN'
  | 'DEMO_CHAIN_PORT'
  | 'DEMO_CHAIN_BLOCK_TIME'
  | 'EVM_RPC_URL'
  | 'DEV_WALLET'
  | 'PAYSHELF_LIVE'
  | 'PORT'
  | 'PAYMENT_MOUNT_POINT'
>;

/** What the registry hands every plugin. */
export interface RailPluginHost {
  config: RailsConfig;
  db: Db;
  jobs: JobQueue;
  log: Logger;
  /** Seals and opens the secrets in methods' settings (the instance's rail-settings key); null: stored as given. */
  secrets: SecretBox | null;
  /** The handlers registered so far (read at each confirmation, so late registrations count). */
  confirmedHandlers(): readonly ConfirmedHandler[];
  rejectedHandlers(): readonly RejectedHandler[];
  progressHandlers(): readonly ProgressHandler[];
}

/**
 * A rail's local test network (anvil with TUSD for evm) as the demo catalog seeds it: the payment
 * method to create and its test token, in plain JSON.
 */
export interface DemoNetwork {
  kind: RailKind;
  method: PaymentMethodCreate;
  /** The test token the demo prices are in; `contract` is where it is deployed. */
  token: { symbol: string; name: string; decimals: number; contract: string };
  /** The network's native coin (ETH on anvil), offered as a second currency. */
  coin: { symbol: string; name: string; decimals: number };
  /** Whether a contract is deployed at `address` on this network (a seeded token there keeps its balances). */
  hasContract(address: string): Promise<boolean>;
}

/**
 * A rail's local test service of test mode (the local Stripe, the regtest chain) as the demo catalog
 * offers it beside the demo network: one method, its one currency, and its price of the demo's amounts.
 */
export interface DemoMethod {
  kind: RailKind;
  method: PaymentMethodCreate;
  currency: { symbol: string; name: string; decimals: number; precision: number };
  /** An amount in the demo's base token's smallest units (TUSD, 6 decimals) in this currency's. */
  fromBaseUnits(units: bigint): bigint;
}

/** Origins a checkout page must reach for a rail's browser part (its script, API and frames). */
export interface PageOrigins {
  script: string[];
  connect: string[];
  frame: string[];
}

/** A provider's event (a card provider's webhook) as the rail read it. */
export type RailEventOutcome =
  /** Not signed by the provider with this method's secret (forged, altered or stale): nothing done. */
  | { status: 'refused'; detail: string }
  /** Seen before (a replay or a resend): nothing done again. */
  | { status: 'duplicate' }
  /** Nothing for payment code to do. */
  | { status: 'ignored' }
  /** A payment succeeded at the provider: the transfer `txRef` for the payment `reference`. */
  | { status: 'paid'; reference: string; txRef: string };

/** A provider's webhook request: the raw body exactly as sent and its signature header. */
export interface RailEventRequest {
  raw: string;
  signature: string | null;
}

export interface RailPlugin {
  kind: RailKind;
  /** The `payment_methods.type` values this rail serves, e.g. ['ethereum', 'base']. */
  methodTypes: readonly string[];
  /** The rail of one payment method of these types (its settings checked). */
  forMethod(method: RailMethod): Rail;
  /**
   * The job that watches a submitted transaction; its payload's `expectation.reference` names the
   * payment (the intents' rewatch looks for it, without knowing any rail).
   */
  watchTask: string;
  /**
   * Whether a method of these types can work, said in words for the admin's form (a key that does not
   * parse or is of another network, a node that does not answer); null when it can.
   */
  checkMethod?(method: RailMethod): Promise<string | null>;
  /**
   * The method's settings as they are to be stored: secrets sealed (a card provider's secret key);
   * rails without secrets leave it out. Sealed values are kept as they are.
   */
  sealSettings?(method: RailMethod): Record<string, unknown>;
  /** Watches a submitted transaction (a job added on `db`, so it exists when the caller commits). */
  watch(request: WatchRequest, db: DbLike): Promise<void>;
  /**
   * Test mode with demo data: starts (or adopts) the rail's local network; null when not configured or
   * unavailable. Without it, `demoNetwork()` describes where such a network would be.
   */
  startDemo?(): Promise<DemoNetwork | null>;
  /** The local test service this process runs for the demo catalog (null when none is running). */
  demoMethod?(): DemoMethod | null;
  /** What a checkout page of this rail's methods loads in the browser (test mode's local service included). */
  pageOrigins?(): PageOrigins;
  /** The demo network this process runs, else the one the demo catalog points at by default. */
  demoNetwork?(): DemoNetwork;
  /** Test wallet (DEV_WALLET, test networks only): pays `target` of a method of these types; answers the txid. */
  payFromTestWallet?(method: RailMethod, target: PaymentTarget): Promise<string>;
  /** Test wallet (DEV_WALLET) with the demo network: give its account funds to pay demo checkouts. */
  fundDevWallet?(): Promise<void>;
  stop?(): Promise<void>;
  /** Reads a provider's webhook for one of its methods (verified, once per event); rails without leave it out. */
  webhook?(method: RailMethod, request: RailEventRequest): Promise<RailEventOutcome>;
}

export type RailPluginFactory = (host: RailPluginHost) => RailPlugin;
