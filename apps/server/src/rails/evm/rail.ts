// The EVM rail (Ethereum, Base and any EVM chain): native coin and ERC-20 payments verified from receipts
// and logs. This class only wires the Rail contract to its parts: calls.ts (what is signed), signing.ts
// (hot-wallet pulls and refunds), sending.ts (broadcast and status), scan.ts and scan-native.ts
// (unposted token and native transfers), verify.ts (a transfer against an expectation), target.ts (the
// API and wallet forms).
import type { EvmPaymentTarget } from '@payshelf/api';
import {
  type DbLike,
  type Mandate,
  type FundsCheck,
  type Insufficient,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type PullResult,
  RailError,
  type Rail,
  type RailAsset,
  type RefundRequest,
  type SentStatus,
  type SignedInfo,
  type SignedRequestInfo,
  type SignedTransaction,
  type VerifyOptions,
  type VerifyResult,
  type WalletClaim,
  type WalletRequest,
} from '../types.js';
import { approveRequest, transferRequest } from './calls.js';
import { EvmRailCore, type EvmRailDeps } from './core.js';
import { checkFunds } from './funds.js';
import { paymentUri } from './match.js';
import { releaseNonce } from './nonces.js';
import { evmSignerOf, verifyEvmOwnership } from './ownership.js';
import { findTransfersFor, type FoundTransfer } from './scan.js';
import { NativeTransferScan } from './scan-native.js';
import { broadcast, inspectSigned, inspectSignedRequest, sentStatus } from './sending.js';
import type { EvmSettings } from './settings.js';
import { signPull, signRefund } from './signing.js';
import { requestClaim, targetJson, walletClaim } from './target.js';
import { verifyTransfer } from './verify.js';

export type { EvmRailDeps } from './core.js';

export class EvmRail implements Rail {
  readonly kind = 'evm' as const;
  readonly network: string;
  private readonly core: EvmRailCore;
  private readonly nativeScan: NativeTransferScan;

  constructor(
    readonly settings: EvmSettings,
    private readonly deps: EvmRailDeps,
  ) {
    this.core = new EvmRailCore(settings, deps);
    this.network = this.core.network;
    this.nativeScan = new NativeTransferScan(this.core);
  }

  /** The address payments go to: the configured merchant, or else the hot wallet. */
  merchant(): Promise<string> {
    return this.core.merchant();
  }

  /** The address payers approve for pulls (the hot wallet). */
  spender(): Promise<string> {
    return this.core.spender();
  }

  async prepare(request: PaymentRequest): Promise<PaymentTarget> {
    const recipient = await this.merchant();
    const { chainId, confirmations } = this.settings;
    return {
      rail: 'evm',
      network: this.network,
      recipient,
      asset: request.asset,
      amount: request.amount,
      confirmations,
      request: transferRequest(chainId, recipient, request.asset, request.amount, request.reference),
      uri: paymentUri(chainId, recipient, request.asset.contract, request.amount),
    };
  }

  async verify(
    txRef: string,
    expected: PaymentExpectation,
    options: VerifyOptions = {},
  ): Promise<VerifyResult> {
    await this.core.checkChain();
    return verifyTransfer(
      {
        client: this.core.client,
        network: this.network,
        required: this.settings.confirmations,
        log: this.deps.log,
      },
      txRef,
      { ...expected, recipient: expected.recipient ?? (await this.merchant()) },
      options.db ?? this.deps.db,
    );
  }

  standing(payer: string, asset: RailAsset, amount: bigint): Promise<FundsCheck> {
    return checkFunds(this.core, payer, asset, amount);
  }

  async prepareMandate(asset: RailAsset, allowance: bigint): Promise<WalletRequest> {
    if (!asset.contract)
      throw new RailError('rail_unsupported', 'the native coin cannot be delegated; use a token');
    return approveRequest(this.settings.chainId, asset.contract, await this.spender(), allowance);
  }

  async pull(delegation: Mandate, amount: bigint): Promise<PullResult> {
    const signed = await this.deps.db.transaction((tx) => this.signCollect(delegation, amount, tx));
    if (signed.status === 'insufficient') return signed;
    await this.sendOrRelease(signed);
    this.deps.log.info({ hash: signed.txRef, reference: delegation.reference }, 'evm: pull submitted');
    return { status: 'submitted', txRef: signed.txRef };
  }

  signCollect(delegation: Mandate, amount: bigint, db: DbLike): Promise<SignedTransaction | Insufficient> {
    return signPull(this.core, delegation, amount, db);
  }

  inspect(signed: string, reference: string): SignedInfo {
    return inspectSigned(this.core, signed, reference);
  }

  inspectMandate(signed: string, request: WalletRequest): Promise<SignedRequestInfo> {
    return inspectSignedRequest(this.core, signed, request);
  }

  requestClaim(request: WalletRequest, testMode: boolean): WalletClaim {
    return requestClaim(this.settings, request, testMode);
  }

  submit(signed: string): Promise<{ txRef: string }> {
    return broadcast(this.core, signed);
  }

  async refund(request: RefundRequest): Promise<{ txRef: string }> {
    const signed = await this.deps.db.transaction((tx) => this.signRefund(request, tx));
    await this.sendOrRelease(signed);
    this.deps.log.info({ hash: signed.txRef, reference: request.reference }, 'evm: refund submitted');
    return { txRef: signed.txRef };
  }

  signRefund(request: RefundRequest, db: DbLike): Promise<SignedTransaction> {
    return signRefund(this.core, request, db);
  }

  track(txRef: string, signed?: string): Promise<SentStatus> {
    return sentStatus(this.core, txRef, signed);
  }

  findTransfersFor(
    asset: RailAsset,
    references: readonly string[],
    lookbackBlocks: number,
  ): Promise<FoundTransfer[]> {
    if (!asset.contract) return this.nativeScan.find(references, lookbackBlocks);
    return findTransfersFor(this.core, asset.contract, references, lookbackBlocks);
  }

  explorerUrl(txRef: string): string | null {
    return this.settings.explorerHost ? `${this.settings.explorerHost}/tx/${txRef}` : null;
  }

  verifyOwnership(address: string, message: string, signature: string): Promise<string | null> {
    return verifyEvmOwnership(address, message, signature);
  }

  signerOf(signed: string): Promise<string | null> {
    return evmSignerOf(signed);
  }

  targetJson(target: PaymentTarget): EvmPaymentTarget {
    return targetJson(this.settings, target);
  }

  walletClaim(target: PaymentTarget, testMode: boolean): WalletClaim {
    return walletClaim(this.settings, target, testMode);
  }

  /** Sends a transaction signed in a committed step; a send that fails gives its nonce back. */
  private async sendOrRelease(signed: SignedTransaction): Promise<void> {
    try {
      await this.submit(signed.raw);
    } catch (err) {
      await releaseNonce(this.deps.db, this.network, await this.spender(), signed.nonce);
      throw err;
    }
  }
}
