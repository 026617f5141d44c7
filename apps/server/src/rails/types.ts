// The one contract every payment rail implements (evm now; bitcoin, arcblock and stripe later). It speaks
// in plain strings and bigint amounts only: no chain library's types leak out of a rail's folder.
import type { PaymentTarget as PaymentTargetJson } from '@payshelf/api';
import type { Db } from '../db/database.js';

/** A database handle or an open transaction on it: rails write inside the caller's transaction when given. */
export type DbLike = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The kind a rail's plugin names ('evm' today): open, so a new rail is a plugin, not an edit here. */
export type RailKind = string;

/** What is being paid with: a payment currency as the rail needs it. */
export interface RailAsset {
  /** The payment currency id (`pc_…`), for records and messages. */
  currencyId: string;
  symbol: string;
  decimals: number;
  /** Token contract; null for the rail's native coin (ETH on ethereum and base). */
  contract: string | null;
}

/** The payment an intent asks for. `reference` ties every chain record back to it (the payment intent id). */
export interface PaymentRequest {
  reference: string;
  asset: RailAsset;
  /** Exact amount in the asset's smallest unit. */
  amount: bigint;
}

/** What a wallet needs in order to sign the payment (or an approval), in the rail's own wire form. */
export interface WalletRequest {
  kind: 'evm_transaction';
  chainId: number;
  to: string;
  /** Native value in wei; 0 for a token transfer. */
  value: bigint;
  /** Hex call data; '0x' for a plain native transfer. */
  data: string;
}

/** A Bitcoin payment: any wallet pays `amount` satoshis to the payment's own `address` (BIP21 `uri`). */
export interface BitcoinWalletRequest {
  kind: 'bitcoin_payment';
  address: string;
  amount: bigint;
  uri: string;
}

/** Where and how to pay: shown to the customer (QR, wallet) and then checked by `verify`. */
export interface PaymentTarget {
  rail: RailKind;
  /** CAIP-2 network id, e.g. `eip155:8453`. */
  network: string;
  recipient: string;
  asset: RailAsset;
  amount: bigint;
  /** Blocks a payment must be buried under before it counts. */
  confirmations: number;
  /** What a wallet sends: an EVM transaction, or a Bitcoin payment to the target's address. */
  request: WalletRequest | BitcoinWalletRequest;
  /** A payment URI for a QR code (EIP-681 on EVM chains). */
  uri: string;
  /** A card rail's payment: what the browser's card form confirms (no wallet request then). */
  card?: CardTarget;
}

/** What a browser needs to confirm a card payment with the provider's script. */
export interface CardTarget {
  /** The provider's payment id, and the transfer reference the browser posts once it is paid. */
  paymentId: string;
  txRef: string;
  clientSecret: string;
  publishableKey: string;
}

/** What `verify` holds a transaction against. */
export interface PaymentExpectation extends PaymentRequest {
  /** Defaults to the method's merchant address. */
  recipient?: string;
  /**
   * The payer committed to the intent (a fast-pay pull's payer). A transfer counts when it comes from
   * this account, or else when its transaction carries the reference's tag ('wrong_reference').
   */
  payer?: string;
}

export type RejectReason =
  | 'not_found'
  | 'reverted'
  | 'wrong_chain'
  | 'wrong_recipient'
  | 'wrong_token'
  | 'wrong_payer'
  | 'wrong_reference'
  | 'underpaid'
  | 'already_used';

export interface ConfirmedPayment {
  status: 'confirmed';
  txRef: string;
  network: string;
  confirmations: number;
  required: number;
  payer: string;
  recipient: string;
  /** Paid amount in smallest units: at least the expected amount. */
  amount: bigint;
  asset: RailAsset;
  blockNumber: bigint;
  blockHash: string;
  /** Which transfer inside the transaction counted (log index; -1 for a native value transfer). */
  index: number;
  /** What the rail adds to the intent's payment details (a card's brand and last four digits). */
  details?: Record<string, string>;
}

export type VerifyResult =
  | { status: 'pending'; txRef: string; confirmations: number; required: number }
  | ConfirmedPayment
  | {
      status: 'rejected';
      txRef: string;
      reason: RejectReason;
      detail: string;
      /**
       * Underpaid by a confirmed transfer made for this payment: that transfer, recorded for the
       * reference (once, like a payment) so it is refunded once; it pays nothing.
       */
      underpaid?: ConfirmedPayment;
    };

export interface VerifyOptions {
  /** Record the accepted transaction inside this transaction (the caller's), not on its own. */
  db?: DbLike;
}

/** The payer's standing for `amount`: "balance sufficient" and "delegation sufficient" of fast pay. */
export interface FundsCheck {
  balance: bigint;
  /** What the merchant's spender may pull; null when the asset cannot be delegated (native coin). */
  allowance: bigint | null;
  balanceSufficient: boolean;
  delegationSufficient: boolean;
}

/** A pre-authorised payment: the payer has approved the merchant's spender for `asset`. */
export interface Mandate {
  payer: string;
  asset: RailAsset;
  reference: string;
}

export type Insufficient = {
  status: 'insufficient';
  reason: 'delegation' | 'balance';
  balance: bigint;
  allowance: bigint;
};

export type PullResult = { status: 'submitted'; txRef: string } | Insufficient;

/**
 * A server-signed transaction not yet sent: the caller commits `txRef`, `raw` and `nonce` (a payment
 * attempt) before `submit(raw)`, so a crash in between leaves a record to re-send, never a charge
 * nobody knows about.
 */
export interface SignedTransaction {
  status: 'signed';
  txRef: string;
  raw: string;
  nonce: bigint;
}

/** Where a transaction the server signed and sent stands on the chain. */
export type SentStatus =
  | { status: 'confirmed'; confirmations: number; blockNumber: bigint }
  | { status: 'reverted'; blockNumber: bigint }
  /** Mined with fewer confirmations than the rail requires, or known to a node but not mined. */
  | { status: 'pending'; confirmations: number }
  /**
   * Never to be mined: no node knows it and the signer's account has already used its nonce (another
   * transaction took it). Only answered when the signed bytes are given to `track`.
   */
  | { status: 'replaced'; nonce: bigint }
  | { status: 'not_found' };

/** A signed transaction a wallet handed over, read before it is sent. */
export interface SignedInfo {
  txRef: string;
  /** Whether it carries the reference of the payment it claims to pay. */
  forReference: boolean;
}

/** The transfer a refund gives back (the output the merchant's wallet spends). */
export interface RefundSource {
  txRef: string;
  index: number;
  amount: bigint;
}

export interface RefundRequest {
  /** The refund's id: its transaction carries this reference's tag, as payments carry theirs. */
  reference: string;
  to: string;
  asset: RailAsset;
  amount: bigint;
}

/**
 * A rail in the words of the payment lifecycle: prepare a target, verify a transfer, know a payer's
 * standing, prepare a mandate (an allowance) and collect under it off-session, inspect / submit / track
 * a transaction the server sends, refund. A rail's own wire words (EVM: transactions, nonces, logs)
 * stay in its folder.
 */
export interface Rail {
  readonly kind: RailKind;
  /** CAIP-2 network id. */
  readonly network: string;
  /** The payment target for an intent; no chain call beyond what is needed to build it. */
  prepare(request: PaymentRequest): Promise<PaymentTarget>;
  /** Checks a transaction against the expectation; records it once it is confirmed (never twice). */
  verify(txRef: string, expectation: PaymentExpectation, options?: VerifyOptions): Promise<VerifyResult>;
  /** The payer's standing for `amount`: balance, and what the merchant may collect under a mandate. */
  standing(payer: string, asset: RailAsset, amount: bigint): Promise<FundsCheck>;
  /** The mandate (approval) a payer signs so that `signCollect` may later charge up to `allowance`. */
  prepareMandate(asset: RailAsset, allowance: bigint): Promise<WalletRequest>;
  /** Charges a pre-authorised payer at once (sign and send); payment code uses signCollect instead. */
  pull(mandate: Mandate, amount: bigint): Promise<PullResult>;
  /**
   * Signs the charge of a pre-authorised payer without sending it; the signer's nonce is taken in `db`
   * (the caller's transaction, which must also record the attempt).
   */
  signCollect(mandate: Mandate, amount: bigint, db: DbLike): Promise<SignedTransaction | Insufficient>;
  /** Reads a transaction a wallet signed (its hash, whether it names `reference`) without sending it. */
  inspect(signed: string, reference: string): SignedInfo;
  /** Sends a signed transaction; sending one the chain already knows is fine. Answers its hash. */
  submit(signed: string): Promise<{ txRef: string }>;
  /** Pays money back from the merchant's hot wallet (sign, commit the nonce, send) in one call. */
  refund(request: RefundRequest): Promise<{ txRef: string }>;
  /**
   * Signs a refund from the hot wallet without sending it; the signer's nonce is taken in `db` (the
   * caller's transaction, which must also commit the hash and raw bytes before `submit`).
   */
  signRefund(request: RefundRequest, db: DbLike): Promise<SignedTransaction>;
  /**
   * Where a transaction the server sent (a refund, a pull) stands: mined, reverted, pending, unknown, or
   * (given its signed bytes) replaced: its nonce was used by another transaction, so it can never be mined.
   */
  track(txRef: string, signed?: string): Promise<SentStatus>;
  /** A link to the transaction in the method's explorer, if it has one. */
  explorerUrl(txRef: string): string | null;
  /**
   * Whether `signature` is the account's own signature of `message` (EVM: EIP-191 personal_sign);
   * answers the account's canonical spelling, or null when the signature is not its. Rails that cannot
   * prove ownership leave it out (their accounts are never fast-pay payers).
   */
  verifyOwnership?(address: string, message: string, signature: string): Promise<string | null>;
  /**
   * Transfers of `asset` to the merchant within the last `lookbackBlocks` blocks whose transaction
   * names one of `references` (a wallet sent it for that payment): for payments whose hash was never
   * posted (the page died after the wallet sent). Rails that cannot scan leave it out.
   */
  findTransfersFor?(
    asset: RailAsset,
    references: readonly string[],
    lookbackBlocks: number,
  ): Promise<Array<{ txRef: string; reference: string }>>;
  /** The account that signed a transaction the customer's wallet returned (canonical), or null. */
  signerOf?(signed: string): Promise<string | null>;
  /**
   * Rails whose merchant signs refunds (the server holds no key): the unsigned refund of `request`
   * spending `source` (the transfer being given back), for the merchant's wallet (Bitcoin: a base64 PSBT).
   */
  refundToSign?(request: RefundRequest, source: RefundSource): Promise<{ unsigned: string; fee: bigint }>;
  /**
   * Reads what the merchant signed for `request` (a signed PSBT, a raw transaction or the id of one
   * already broadcast): its id and raw bytes; throws `invalid_transaction` when it does not pay `request`.
   */
  readSignedRefund?(signed: string, request: RefundRequest): Promise<{ txRef: string; raw: string }>;
  /** The target as the API answers it (its member of the `paymentTarget` union). */
  targetJson(target: PaymentTarget): PaymentTargetJson;
  /** The signature claim a DID wallet answers to pay `target`; `testMode` may add a node URL. */
  walletClaim(target: PaymentTarget, testMode: boolean): WalletClaim;
  /** The signature claim a DID wallet answers to sign `request` (a `prepareMandate` approval). */
  requestClaim?(request: WalletRequest, testMode: boolean): WalletClaim;
  /**
   * Reads a signed transaction a wallet handed over for `request` without sending it: its hash, its
   * signer, and whether it is exactly `request` (same chain, recipient, value and call data).
   */
  inspectMandate?(signed: string, request: WalletRequest): Promise<SignedRequestInfo>;
}

/** A signed transaction compared with the request the wallet was asked to sign. */
export interface SignedRequestInfo {
  txRef: string;
  /** The account that signed it (canonical), or null when it does not recover. */
  signer: string | null;
  matches: boolean;
}

/** What a DID wallet is asked to sign for a payment (the DID Connect signature claim). */
export interface WalletClaim {
  /** The claim type the wallet understands, e.g. `eth:transaction`. */
  type: string;
  /** The request the wallet signs, also sent as the claim's `data` (JSON). */
  request: Record<string, unknown>;
}

/** Thrown for a rail that cannot do what was asked (misconfigured, unfunded hot wallet, node unreachable). */
export class RailError extends Error {
  constructor(
    readonly code:
      | 'invalid_transaction'
      | 'rail_misconfigured'
      | 'rail_unsupported'
      | 'hot_wallet_unfunded'
      | 'wrong_chain',
    message: string,
  ) {
    super(message);
  }
}
