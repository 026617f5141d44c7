import {
  BaseError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseTransaction,
  type Chain,
  type Hex,
} from 'viem';
import type { Logger } from 'pino';
import type { EvmPaymentTarget } from '@payshelf/api';
import type { Db } from '../../db/database.js';
import {
  RailError,
  type DbLike,
  type Delegation,
  type Insufficient,
  type FundsCheck,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type PullResult,
  type Rail,
  type RailAsset,
  type RefundRequest,
  type SentStatus,
  type SignedInfo,
  type SignedTransaction,
  type VerifyOptions,
  type VerifyResult,
  type WalletClaim,
  type WalletRequest,
} from '../types.js';
import {
  chainFor,
  publicClientFor,
  walletClientFor,
  type EvmPublicClient,
  type EvmWalletClient,
} from './client.js';
import { paymentUri } from './match.js';
import { evmSignerOf, verifyEvmOwnership } from './ownership.js';
import { allocateNonce, releaseNonce } from './nonces.js';
import { carriesReference, referenceTag, withReference } from './reference.js';
import { loadHotWalletKey, networkOf, type EvmSettings } from './settings.js';
import { verifyTransfer } from './verify.js';
import type { EvmSignRequest } from './wallet-answerer.js';

export interface EvmRailDeps {
  db: Db;
  dataDir: string;
  log: Logger;
}

const asHex = (address: string) => getAddress(address);

/** Ethereum, Base and any EVM chain: native coin and ERC-20 payments verified from receipts and logs. */
export class EvmRail implements Rail {
  readonly kind = 'evm' as const;
  readonly network: string;
  private readonly chain: Chain;
  private readonly client: EvmPublicClient;
  private wallet: Promise<EvmWalletClient> | null = null;
  private chainChecked: Promise<void> | null = null;

  constructor(
    readonly settings: EvmSettings,
    private readonly deps: EvmRailDeps,
  ) {
    this.network = networkOf(settings.chainId);
    this.chain = chainFor(settings.chainId, settings.rpcUrl);
    this.client = publicClientFor(this.chain);
  }

  /** The address payments go to: the configured merchant, or else the hot wallet. */
  async merchant(): Promise<string> {
    return this.settings.merchant ?? (await this.hotWallet()).account.address;
  }

  /** The address payers approve for pulls (the hot wallet). */
  async spender(): Promise<string> {
    return (await this.hotWallet()).account.address;
  }

  async prepare(request: PaymentRequest): Promise<PaymentTarget> {
    const recipient = await this.merchant();
    return {
      rail: 'evm',
      network: this.network,
      recipient,
      asset: request.asset,
      amount: request.amount,
      confirmations: this.settings.confirmations,
      request: this.transferRequest(recipient, request.asset, request.amount, request.reference),
      uri: paymentUri(this.settings.chainId, recipient, request.asset.contract, request.amount),
    };
  }

  async verify(
    txRef: string,
    expected: PaymentExpectation,
    options: VerifyOptions = {},
  ): Promise<VerifyResult> {
    await this.checkChain();
    return verifyTransfer(
      {
        client: this.client,
        network: this.network,
        required: this.settings.confirmations,
        log: this.deps.log,
      },
      txRef,
      { ...expected, recipient: expected.recipient ?? (await this.merchant()) },
      options.db ?? this.deps.db,
    );
  }

  async checkFunds(payer: string, asset: RailAsset, amount: bigint): Promise<FundsCheck> {
    const owner = asHex(payer);
    if (!asset.contract) {
      const balance = await this.client.getBalance({ address: owner });
      return { balance, allowance: null, balanceSufficient: balance >= amount, delegationSufficient: false };
    }
    const token = asHex(asset.contract);
    const [balance, allowance] = await Promise.all([
      this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      this.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, asHex(await this.spender())],
      }),
    ]);
    return {
      balance,
      allowance,
      balanceSufficient: balance >= amount,
      delegationSufficient: allowance >= amount && balance >= amount,
    };
  }

  async prepareDelegation(asset: RailAsset, allowance: bigint): Promise<WalletRequest> {
    if (!asset.contract)
      throw new RailError('rail_unsupported', 'the native coin cannot be delegated; use a token');
    return {
      kind: 'evm_transaction',
      chainId: this.settings.chainId,
      to: asHex(asset.contract),
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [asHex(await this.spender()), allowance],
      }),
    };
  }

  async pull(delegation: Delegation, amount: bigint): Promise<PullResult> {
    const signed = await this.deps.db.transaction((tx) => this.signPull(delegation, amount, tx));
    if (signed.status === 'insufficient') return signed;
    try {
      await this.broadcast(signed.raw);
    } catch (err) {
      await releaseNonce(this.deps.db, this.network, await this.spender(), signed.nonce);
      throw err;
    }
    this.deps.log.info({ hash: signed.txRef, reference: delegation.reference }, 'evm: pull submitted');
    return { status: 'submitted', txRef: signed.txRef };
  }

  async signPull(
    delegation: Delegation,
    amount: bigint,
    db: DbLike,
  ): Promise<SignedTransaction | Insufficient> {
    if (!delegation.asset.contract)
      throw new RailError('rail_unsupported', 'pulls need a token (ERC-20 allowance)');
    const funds = await this.checkFunds(delegation.payer, delegation.asset, amount);
    const allowance = funds.allowance ?? 0n;
    if (allowance < amount)
      return { status: 'insufficient', reason: 'delegation', balance: funds.balance, allowance };
    if (!funds.balanceSufficient) {
      return { status: 'insufficient', reason: 'balance', balance: funds.balance, allowance };
    }
    const wallet = await this.hotWallet();
    const signer = wallet.account.address;
    const pending = await this.client.getTransactionCount({ address: signer, blockTag: 'pending' });
    const nonce = await allocateNonce(db, this.network, signer, BigInt(pending));
    const data = withReference(
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [asHex(delegation.payer), asHex(this.settings.merchant ?? signer), amount],
      }),
      delegation.reference,
    );
    const raw = await this.send('pull', async () => {
      const request = await wallet.prepareTransactionRequest({
        to: asHex(delegation.asset.contract ?? ''),
        data,
        nonce: Number(nonce),
      });
      return wallet.signTransaction(request);
    });
    return { status: 'signed', txRef: keccak256(raw), raw, nonce };
  }

  inspectSigned(signed: string, reference: string): SignedInfo {
    const raw = this.parseSigned(signed);
    const tx = parseTransaction(raw);
    return { txRef: keccak256(raw), forReference: carriesReference(tx.data ?? '0x', reference) };
  }

  async broadcast(signed: string): Promise<{ txRef: string }> {
    const raw = this.parseSigned(signed);
    const hash = keccak256(raw);
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      // The wallet (or an earlier attempt) may have sent it already: that is the same transaction.
      const known = await this.client.getTransaction({ hash }).then(
        () => true,
        () => false,
      );
      if (!known) throw await this.railErrorOf(err, 'transaction');
    }
    return { txRef: hash };
  }

  async refund(request: RefundRequest): Promise<{ txRef: string }> {
    const signed = await this.deps.db.transaction((tx) => this.signRefund(request, tx));
    try {
      await this.broadcast(signed.raw);
    } catch (err) {
      await releaseNonce(this.deps.db, this.network, await this.spender(), signed.nonce);
      throw err;
    }
    this.deps.log.info({ hash: signed.txRef, reference: request.reference }, 'evm: refund submitted');
    return { txRef: signed.txRef };
  }

  async signRefund(request: RefundRequest, db: DbLike): Promise<SignedTransaction> {
    const wallet = await this.hotWallet();
    const signer = wallet.account.address;
    const to = asHex(request.to);
    const pending = await this.client.getTransactionCount({ address: signer, blockTag: 'pending' });
    const nonce = await allocateNonce(db, this.network, signer, BigInt(pending));
    const call = request.asset.contract
      ? {
          to: asHex(request.asset.contract),
          value: 0n,
          data: withReference(
            encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, request.amount] }),
            request.reference,
          ),
        }
      : { to, value: request.amount, data: referenceTag(request.reference) };
    const raw = await this.send('refund', async () => {
      const prepared = await wallet.prepareTransactionRequest({ ...call, nonce: Number(nonce) });
      return wallet.signTransaction(prepared);
    });
    return { status: 'signed', txRef: keccak256(raw), raw, nonce };
  }

  async sentStatus(txRef: string): Promise<SentStatus> {
    const hash = txRef as Hex;
    const receipt = await this.client.getTransactionReceipt({ hash }).catch(() => null);
    if (!receipt) {
      const known = await this.client.getTransaction({ hash }).then(
        () => true,
        () => false,
      );
      return known ? { status: 'pending', confirmations: 0 } : { status: 'not_found' };
    }
    if (receipt.status === 'reverted') return { status: 'reverted', blockNumber: receipt.blockNumber };
    const head = await this.client.getBlockNumber();
    const confirmations = Number(head - receipt.blockNumber + 1n);
    return confirmations >= this.settings.confirmations
      ? { status: 'confirmed', confirmations, blockNumber: receipt.blockNumber }
      : { status: 'pending', confirmations };
  }

  async findTransfersFor(
    asset: RailAsset,
    references: readonly string[],
    lookbackBlocks: number,
  ): Promise<Array<{ txRef: string; reference: string }>> {
    // Token transfers only: a native-coin transfer has no log to find it by (it is found when posted).
    if (!asset.contract || references.length === 0) return [];
    await this.checkChain();
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const back = BigInt(lookbackBlocks);
    const logs = await this.client.getContractEvents({
      address: asHex(asset.contract),
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: asHex(await this.merchant()) },
      fromBlock: head > back ? head - back : 0n,
      toBlock: head,
    });
    const found: Array<{ txRef: string; reference: string }> = [];
    for (const hash of new Set(logs.map((l) => l.transactionHash))) {
      const sent = await this.client.getTransaction({ hash });
      const reference = references.find((r) => carriesReference(sent.input, r));
      if (reference) found.push({ txRef: hash.toLowerCase(), reference });
    }
    return found;
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
    return {
      rail: 'evm',
      chainId: this.settings.chainId,
      recipient: target.recipient,
      token: target.asset.contract,
      amount: target.amount.toString(),
      uri: target.uri,
      confirmations: target.confirmations,
      request: {
        to: target.request.to,
        value: target.request.value.toString(),
        data: target.request.data,
      },
    };
  }

  walletClaim(target: PaymentTarget, testMode: boolean): WalletClaim {
    const request: EvmSignRequest = {
      chainId: this.settings.chainId,
      ...(testMode ? { rpcUrl: this.settings.rpcUrl } : {}),
      to: target.request.to,
      value: target.request.value.toString(),
      data: target.request.data,
    };
    return { type: 'eth:transaction', request };
  }

  /** The transfer a wallet sends, its call data ending with the payment's reference tag. */
  private transferRequest(
    recipient: string,
    asset: RailAsset,
    amount: bigint,
    reference: string,
  ): WalletRequest {
    const to = asHex(recipient);
    const chainId = this.settings.chainId;
    if (!asset.contract)
      return { kind: 'evm_transaction', chainId, to, value: amount, data: withReference('0x', reference) };
    return {
      kind: 'evm_transaction',
      chainId,
      to: asHex(asset.contract),
      value: 0n,
      data: withReference(
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
        reference,
      ),
    };
  }

  /** A signed transaction for this chain, or the reason it is not one. */
  private parseSigned(signed: string): Hex {
    if (!/^0x[0-9a-fA-F]+$/.test(signed))
      throw new RailError('invalid_transaction', 'not a signed transaction');
    const raw = signed as Hex;
    let chainId: number | undefined;
    try {
      chainId = parseTransaction(raw).chainId;
    } catch {
      throw new RailError('invalid_transaction', 'not a signed transaction');
    }
    if (chainId !== this.settings.chainId) {
      throw new RailError(
        'wrong_chain',
        `signed for chain ${chainId ?? 'none'}, expected ${this.settings.chainId}`,
      );
    }
    return raw;
  }

  /** The node must serve the chain the method names; checked once per rail. */
  private checkChain(): Promise<void> {
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

  private hotWallet(): Promise<EvmWalletClient> {
    this.wallet ??= loadHotWalletKey(this.deps.dataDir, this.settings.chainId).then((key) =>
      walletClientFor(this.chain, key),
    );
    return this.wallet;
  }

  private async send(what: string, fn: () => Promise<Hex>): Promise<Hex> {
    try {
      return await fn();
    } catch (err) {
      throw await this.railErrorOf(err, what);
    }
  }

  /** An out-of-gas-money failure of the hot wallet as a RailError; anything else as it is. */
  private async railErrorOf(err: unknown, what: string): Promise<unknown> {
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
