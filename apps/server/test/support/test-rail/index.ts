// A rail that exists only in tests: proof that a second rail plugs in without touching flows or
// checkout. It serves `bitcoin` payment methods (no real rail serves them yet) from an in-memory
// ledger: a customer's wallet pays with `ledger.pay(reference, from, amount)` (a transfer naming the
// payment, as an EVM transfer's call data does), allowances are granted with `ledger.approve`, and
// server-signed pulls and refunds move money when broadcast. Every transfer counts once, for the one
// reference it was made for. Registered with `services.rails.register(testRailPlugin(ledger))`.
import { randomBytes } from 'node:crypto';
import type {
  RailMethod,
  RailPlugin,
  RailPluginFactory,
  RailPluginHost,
  WatchRequest,
} from '../../../src/rails/plugin.js';
import {
  RailError,
  type ConfirmedPayment,
  type FundsCheck,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type Rail,
  type RailAsset,
  type RefundRequest,
  type SentStatus,
  type SignedTransaction,
  type VerifyResult,
  type WalletClaim,
  type WalletRequest,
} from '../../../src/rails/types.js';

export const TEST_RAIL_KIND = 'test';
const NETWORK = 'test:ledger';

interface Transfer {
  reference: string;
  from: string;
  to: string;
  amount: bigint;
  block: bigint;
}

interface Signed {
  kind: 'pull' | 'refund';
  reference: string;
  from: string;
  to: string;
  amount: bigint;
}

const newRef = () => `0x${randomBytes(32).toString('hex')}`;

/** The test rail's money: transfers by hash, allowances by payer, the signed transactions not yet sent. */
export class TestLedger {
  readonly transfers = new Map<string, Transfer>();
  readonly allowances = new Map<string, bigint>();
  readonly signed = new Map<string, Signed>();
  /** Which reference each transfer was claimed for (a transfer counts once, for one payment). */
  readonly claims = new Map<string, string>();
  readonly watched: WatchRequest[] = [];
  private block = 0n;
  private attached: { host: RailPluginHost; rail: Rail } | null = null;

  constructor(readonly merchant: string) {}

  attach(host: RailPluginHost, rail: Rail): void {
    this.attached = { host, rail };
  }

  /**
   * Delivers a transfer as a rail's watcher does: verified against `expectation`, then (confirmed) the
   * registered confirmed handlers run in one database transaction.
   */
  async deliver(methodId: string, txRef: string, expectation: PaymentExpectation): Promise<VerifyResult> {
    if (!this.attached) throw new Error('the test rail is not registered');
    const { host, rail } = this.attached;
    const result = await rail.verify(txRef, expectation);
    if (result.status !== 'confirmed') return result;
    const event = { rail: rail.kind, methodId, reference: expectation.reference, txRef, payment: result };
    await host.db.transaction(async (tx) => {
      for (const handler of host.confirmedHandlers()) await handler(event, tx);
    });
    return result;
  }

  /** A customer's wallet sends `amount` to the merchant for the payment `reference`; answers its hash. */
  pay(reference: string, from: string, amount: bigint): string {
    const txRef = newRef();
    this.block += 1n;
    this.transfers.set(txRef, { reference, from, to: this.merchant, amount, block: this.block });
    return txRef;
  }

  /** `payer` lets the merchant pull up to `amount` (an allowance). */
  approve(payer: string, amount: bigint): void {
    this.allowances.set(payer.toLowerCase(), amount);
  }

  /** What the merchant received for `reference`. */
  receivedFor(reference: string): bigint {
    let sum = 0n;
    for (const t of this.transfers.values())
      if (t.reference === reference && t.to === this.merchant) sum += t.amount;
    return sum;
  }

  send(txRef: string): void {
    const tx = this.signed.get(txRef);
    if (!tx) throw new RailError('invalid_transaction', `unknown transaction ${txRef}`);
    if (this.transfers.has(txRef)) return;
    if (tx.kind === 'pull') {
      const left = this.allowances.get(tx.from) ?? 0n;
      if (left < tx.amount) throw new RailError('invalid_transaction', 'allowance exceeded');
      this.allowances.set(tx.from, left - tx.amount);
    }
    this.block += 1n;
    this.transfers.set(txRef, {
      reference: tx.reference,
      from: tx.from,
      to: tx.to,
      amount: tx.amount,
      block: this.block,
    });
  }

  sign(tx: Signed): SignedTransaction {
    const txRef = newRef();
    this.signed.set(txRef, tx);
    return { status: 'signed', txRef, raw: txRef, nonce: BigInt(this.signed.size) };
  }
}

class TestRail implements Rail {
  readonly kind = TEST_RAIL_KIND;
  readonly network = NETWORK;

  constructor(private readonly ledger: TestLedger) {}

  async prepare(request: PaymentRequest): Promise<PaymentTarget> {
    return {
      rail: this.kind,
      network: this.network,
      recipient: this.ledger.merchant,
      asset: request.asset,
      amount: request.amount,
      confirmations: 0,
      // The contract's wallet request is still EVM-shaped (rails/README.md): a zero-value request here.
      request: { kind: 'evm_transaction', chainId: 0, to: this.ledger.merchant, value: 0n, data: '0x' },
      uri: `test:${this.ledger.merchant}?amount=${request.amount}&reference=${request.reference}`,
    };
  }

  async verify(txRef: string, expected: PaymentExpectation): Promise<VerifyResult> {
    const t = this.ledger.transfers.get(txRef);
    const reject = (reason: 'not_found' | 'wrong_reference' | 'wrong_recipient', detail: string) =>
      ({ status: 'rejected', txRef, reason, detail }) as const;
    if (!t) return reject('not_found', 'no such transfer');
    const payerMatches =
      expected.payer !== undefined && expected.payer.toLowerCase() === t.from.toLowerCase();
    if (t.reference !== expected.reference && !payerMatches)
      return reject('wrong_reference', 'made for another payment');
    if (t.to !== (expected.recipient ?? this.ledger.merchant))
      return reject('wrong_recipient', 'not to the merchant');
    const claimed = this.ledger.claims.get(txRef);
    if (claimed !== undefined && claimed !== expected.reference)
      return reject('wrong_reference', 'counted for another payment');
    this.ledger.claims.set(txRef, expected.reference);
    const payment: ConfirmedPayment = {
      status: 'confirmed',
      txRef,
      network: this.network,
      confirmations: 1,
      required: 0,
      payer: t.from,
      recipient: t.to,
      amount: t.amount,
      asset: expected.asset,
      blockNumber: t.block,
      blockHash: `0x${t.block.toString(16).padStart(64, '0')}`,
      index: 0,
    };
    if (t.amount < expected.amount) {
      return {
        status: 'rejected',
        txRef,
        reason: 'underpaid',
        detail: `paid ${t.amount}`,
        underpaid: payment,
      };
    }
    return payment;
  }

  async standing(payer: string, _asset: RailAsset, amount: bigint): Promise<FundsCheck> {
    const allowance = this.ledger.allowances.get(payer.toLowerCase()) ?? 0n;
    return { balance: amount, allowance, balanceSufficient: true, delegationSufficient: allowance >= amount };
  }

  async prepareMandate(): Promise<WalletRequest> {
    throw new RailError('rail_unsupported', 'the test rail takes allowances from ledger.approve');
  }

  async pull(): Promise<never> {
    throw new RailError('rail_unsupported', 'payment code signs pulls (signPull)');
  }

  async signCollect(delegation: { payer: string; reference: string }, amount: bigint) {
    const payer = delegation.payer.toLowerCase();
    const allowance = this.ledger.allowances.get(payer) ?? 0n;
    if (allowance < amount) {
      return { status: 'insufficient', reason: 'delegation', balance: amount, allowance } as const;
    }
    return this.ledger.sign({
      kind: 'pull',
      reference: delegation.reference,
      from: payer,
      to: this.ledger.merchant,
      amount,
    });
  }

  inspect(signed: string, reference: string) {
    return { txRef: signed, forReference: this.ledger.signed.get(signed)?.reference === reference };
  }

  async submit(signed: string): Promise<{ txRef: string }> {
    this.ledger.send(signed);
    return { txRef: signed };
  }

  async refund(request: RefundRequest): Promise<{ txRef: string }> {
    const signed = await this.signRefund(request);
    return this.submit(signed.raw);
  }

  async signRefund(request: RefundRequest): Promise<SignedTransaction> {
    const to = request.to.toLowerCase();
    return this.ledger.sign({
      kind: 'refund',
      reference: request.reference,
      from: this.ledger.merchant,
      to,
      amount: request.amount,
    });
  }

  async track(txRef: string): Promise<SentStatus> {
    const t = this.ledger.transfers.get(txRef);
    return t ? { status: 'confirmed', confirmations: 1, blockNumber: t.block } : { status: 'not_found' };
  }

  explorerUrl(): string | null {
    return null;
  }

  targetJson(target: PaymentTarget) {
    // The API's paymentTarget union has only the EVM member so far: the test rail answers in its shape.
    return {
      rail: 'evm' as const,
      chainId: 0,
      recipient: target.recipient,
      token: null,
      amount: target.amount.toString(),
      uri: target.uri,
      confirmations: target.confirmations,
      request: { to: target.recipient, value: '0', data: '0x' },
    };
  }

  walletClaim(target: PaymentTarget): WalletClaim {
    return { type: 'test:transfer', request: { to: target.recipient, amount: target.amount.toString() } };
  }
}

/** The test rail as a rail plugin: one rail for every `bitcoin` method, watches kept in the ledger. */
export function testRailPlugin(ledger: TestLedger): RailPluginFactory {
  return (host): RailPlugin => {
    const rail = new TestRail(ledger);
    ledger.attach(host, rail);
    return {
      kind: TEST_RAIL_KIND,
      methodTypes: ['bitcoin'],
      watchTask: 'rails:test:confirm',
      forMethod: (_method: RailMethod) => rail,
      watch: async (request: WatchRequest) => {
        ledger.watched.push(request);
      },
    };
  };
}
