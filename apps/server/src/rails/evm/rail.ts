import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseTransaction,
  type Chain,
  type Hex,
} from 'viem';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import {
  RailError,
  type Delegation,
  type FundsCheck,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type PullResult,
  type Rail,
  type RailAsset,
  type RefundRequest,
  type VerifyOptions,
  type VerifyResult,
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
import { loadHotWalletKey, networkOf, type EvmSettings } from './settings.js';
import { verifyTransfer } from './verify.js';

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
      request: this.transferRequest(recipient, request.asset, request.amount),
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
    const hash = await this.send('pull', () =>
      wallet.writeContract({
        address: asHex(delegation.asset.contract ?? ''),
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [asHex(delegation.payer), asHex(this.settings.merchant ?? wallet.account.address), amount],
      }),
    );
    this.deps.log.info({ hash, reference: delegation.reference }, 'evm: pull submitted');
    return { status: 'submitted', txRef: hash };
  }

  async broadcast(signed: string): Promise<{ txRef: string }> {
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
    const hash = keccak256(raw);
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      // The wallet (or an earlier attempt) may have sent it already: that is the same transaction.
      const known = await this.client.getTransaction({ hash }).then(
        () => true,
        () => false,
      );
      if (!known) throw err;
    }
    return { txRef: hash };
  }

  async refund(request: RefundRequest): Promise<{ txRef: string }> {
    const wallet = await this.hotWallet();
    const to = asHex(request.to);
    const hash = await this.send('refund', () =>
      request.asset.contract
        ? wallet.writeContract({
            address: asHex(request.asset.contract),
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, request.amount],
          })
        : wallet.sendTransaction({ to, value: request.amount }),
    );
    this.deps.log.info({ hash, reference: request.reference }, 'evm: refund submitted');
    return { txRef: hash };
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

  private transferRequest(recipient: string, asset: RailAsset, amount: bigint): WalletRequest {
    const to = asHex(recipient);
    if (!asset.contract)
      return { kind: 'evm_transaction', chainId: this.settings.chainId, to, value: amount, data: '0x' };
    return {
      kind: 'evm_transaction',
      chainId: this.settings.chainId,
      to: asHex(asset.contract),
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    };
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
      const message = err instanceof Error ? err.message : String(err);
      if (/insufficient funds/i.test(message)) {
        throw new RailError(
          'hot_wallet_unfunded',
          `the hot wallet ${await this.spender()} cannot pay gas for the ${what}`,
        );
      }
      throw err;
    }
  }
}
