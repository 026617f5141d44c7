// The Bitcoin rail (self-custodial, watch-only): each payment gets a fresh address derived from the
// method's BIP84 extended public key, a transfer to it is verified through an Esplora API, and the
// server never holds a key. It cannot pull (no allowances on Bitcoin) or sign: refunds are PSBTs the
// merchant signs (refund-psbt.ts).
import type { BitcoinPaymentTarget } from '@payshelf/api';
import { Transaction } from 'bitcoinjs-lib';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import {
  RailError,
  type FundsCheck,
  type Insufficient,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type PullResult,
  type Rail,
  type RefundRequest,
  type RefundSource,
  type SentStatus,
  type SignedInfo,
  type SignedTransaction,
  type VerifyOptions,
  type VerifyResult,
  type WalletClaim,
  type WalletRequest,
} from '../types.js';
import { addressFor, addressOf } from './addresses.js';
import { bip21Uri } from './bip21.js';
import { buildRefundPsbt, readSignedRefund } from './refund-psbt.js';
import { EsploraClient } from './client.js';
import { caipOf } from './keys.js';
import type { BitcoinSettings } from './settings.js';
import { normalizeTxid, verifyPayment } from './verify.js';

export interface BitcoinRailDeps {
  db: Db;
  log: Logger;
}

const noPull = () =>
  new RailError('rail_unsupported', 'Bitcoin has no allowances: each payment is sent by the payer');

const merchantSigns = () =>
  new RailError('rail_unsupported', 'Bitcoin refunds are signed by the merchant: sign the refund PSBT');

export class BitcoinRail implements Rail {
  readonly kind = 'bitcoin' as const;
  readonly network: string;
  readonly client: EsploraClient;

  constructor(
    readonly settings: BitcoinSettings,
    private readonly deps: BitcoinRailDeps,
  ) {
    this.network = caipOf(settings.network);
    this.client = new EsploraClient(settings.esploraUrl);
  }

  async prepare(request: PaymentRequest): Promise<PaymentTarget> {
    if (request.asset.contract)
      throw new RailError('rail_unsupported', 'Bitcoin pays in BTC only (no tokens)');
    const { address } = await addressFor(this.deps.db, this.settings, request.reference);
    const uri = bip21Uri(address, request.amount);
    return {
      rail: 'bitcoin',
      network: this.network,
      recipient: address,
      asset: request.asset,
      amount: request.amount,
      confirmations: this.settings.confirmations,
      request: { kind: 'bitcoin_payment', address, amount: request.amount, uri },
      uri,
    };
  }

  verify(txRef: string, expected: PaymentExpectation, options: VerifyOptions = {}): Promise<VerifyResult> {
    return verifyPayment(
      { client: this.client, settings: this.settings, network: this.network, log: this.deps.log },
      txRef,
      expected,
      options.db ?? this.deps.db,
    );
  }

  standing(): Promise<FundsCheck> {
    return Promise.reject(noPull());
  }

  prepareMandate(): Promise<WalletRequest> {
    return Promise.reject(noPull());
  }

  pull(): Promise<PullResult> {
    return Promise.reject(noPull());
  }

  signCollect(): Promise<SignedTransaction | Insufficient> {
    return Promise.reject(noPull());
  }

  inspect(signed: string): SignedInfo {
    try {
      // A wallet's raw transaction: its id. Whether it pays this payment is known only from its outputs
      // against the payment's address, which verify checks once it is sent.
      return { txRef: Transaction.fromHex(signed).getId(), forReference: false };
    } catch {
      throw new RailError('invalid_transaction', 'not a raw Bitcoin transaction');
    }
  }

  async submit(signed: string): Promise<{ txRef: string }> {
    return { txRef: await this.client.broadcast(signed.trim()) };
  }

  /** The server holds no key: a refund is a PSBT the merchant signs (refund-psbt.ts), never sent from here. */
  refund(): Promise<{ txRef: string }> {
    return Promise.reject(merchantSigns());
  }

  signRefund(): Promise<SignedTransaction> {
    return Promise.reject(merchantSigns());
  }

  refundToSign(request: RefundRequest, source: RefundSource): Promise<{ unsigned: string; fee: bigint }> {
    return buildRefundPsbt(this.deps.db, this.client, this.settings, request, source);
  }

  readSignedRefund(signed: string, request: RefundRequest): Promise<{ txRef: string; raw: string }> {
    return readSignedRefund(this.client, this.settings, signed, request);
  }

  async track(txRef: string): Promise<SentStatus> {
    const txid = normalizeTxid(txRef);
    const status = txid ? await this.client.txStatus(txid) : null;
    if (!status) return { status: 'not_found' };
    if (!status.confirmed || status.block_height === undefined)
      return { status: 'pending', confirmations: 0 };
    const confirmations = (await this.client.tipHeight()) - status.block_height + 1;
    if (confirmations < this.settings.confirmations) return { status: 'pending', confirmations };
    return { status: 'confirmed', confirmations, blockNumber: BigInt(status.block_height) };
  }

  explorerUrl(txRef: string): string | null {
    return this.settings.explorerHost ? `${this.settings.explorerHost}/tx/${txRef}` : null;
  }

  /** Transactions paying the addresses of `references` (a Bitcoin payment is never posted by a page). */
  async findTransfersFor(
    _asset: unknown,
    references: readonly string[],
  ): Promise<Array<{ txRef: string; reference: string }>> {
    const found: Array<{ txRef: string; reference: string }> = [];
    for (const reference of references) {
      const derived = await addressOf(this.deps.db, this.settings, reference);
      if (!derived) continue;
      for (const tx of await this.client.addressTxs(derived.address)) {
        if (tx.vout.some((o) => o.scriptpubkey_address === derived.address))
          found.push({ txRef: tx.txid, reference });
      }
    }
    return found;
  }

  targetJson(target: PaymentTarget): BitcoinPaymentTarget {
    return {
      rail: 'bitcoin',
      network: this.settings.network,
      address: target.recipient,
      amount: target.amount.toString(),
      uri: target.uri,
      confirmations: target.confirmations,
    };
  }

  walletClaim(target: PaymentTarget): WalletClaim {
    return { type: 'bitcoin:payment', request: { uri: target.uri, address: target.recipient } };
  }
}
