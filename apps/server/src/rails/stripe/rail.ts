// The card rail: one card method's Stripe account through the official SDK. A payment is a PaymentIntent
// created (idempotently, named by our reference in its metadata) when the target is prepared, confirmed
// by the customer's browser with Stripe.js, and verified here by retrieving it; a refund is a Stripe
// refund of that PaymentIntent. What payment code sees is the rail contract's typed outcomes.
import type { PaymentTarget as PaymentTargetJson } from '@payshelf/api';
import type { Db } from '../../db/database.js';
import { recordTransfer } from '../record.js';
import {
  RailError,
  type ConfirmedPayment,
  type DbLike,
  type FundsCheck,
  type PaymentExpectation,
  type PaymentRequest,
  type PaymentTarget,
  type Rail,
  type RailAsset,
  type RefundRequest,
  type SentStatus,
  type SignedTransaction,
  type VerifyOptions,
  type VerifyResult,
  type WalletClaim,
  type WalletRequest,
} from '../types.js';
import { stripeCall, stripeClient, Stripe } from './client.js';
import type { StripeSettings } from './settings.js';
import { fromStripeAmount, intentOfTxRef, toStripeAmount, txRefOfIntent, txRefOfRefund } from './txref.js';

/** What a committed refund's raw bytes hold: the refund to create, sent with its own idempotency key. */
interface RefundOrder {
  kind: 'refund';
  paymentIntent: string;
  amount: string;
  reference: string;
}

export class StripeRail implements Rail {
  readonly kind = 'stripe';
  readonly network: string;
  readonly stripe: Stripe;

  constructor(
    readonly settings: StripeSettings,
    private readonly db: Db,
  ) {
    this.network = settings.livemode ? 'stripe:live' : 'stripe:test';
    this.stripe = stripeClient(settings.secretKey, settings.apiBase);
  }

  private stripeAmount(amount: bigint, asset: RailAsset): number {
    const minor = toStripeAmount(amount, asset.decimals, asset.symbol);
    if (minor === null || minor < 1n || minor > 99_999_999n) {
      throw new RailError(
        'invalid_transaction',
        `${amount} is not an amount a card can be charged in ${asset.symbol}`,
      );
    }
    return Number(minor);
  }

  /** The PaymentIntent of the payment `reference` (created once; the same one on every call for it). */
  async prepare(request: PaymentRequest): Promise<PaymentTarget> {
    const currency = request.asset.symbol.toLowerCase();
    const amount = this.stripeAmount(request.amount, request.asset);
    const intent = await stripeCall(() =>
      this.stripe.paymentIntents.create(
        { amount, currency, metadata: { reference: request.reference } },
        { idempotencyKey: `payshelf:${request.reference}:${amount}:${currency}` },
      ),
    );
    const txRef = txRefOfIntent(intent.id);
    return {
      rail: this.kind,
      network: this.network,
      recipient: 'stripe',
      asset: request.asset,
      amount: request.amount,
      confirmations: 0,
      // The contract's wallet request is EVM-shaped: a card payment has none (its `card` says how to pay).
      request: { kind: 'evm_transaction', chainId: 0, to: 'stripe', value: 0n, data: '0x' },
      uri: '',
      card: {
        paymentId: intent.id,
        txRef,
        clientSecret: intent.client_secret ?? '',
        publishableKey: this.settings.publishableKey,
      },
    };
  }

  async verify(txRef: string, expected: PaymentExpectation, options?: VerifyOptions): Promise<VerifyResult> {
    const id = intentOfTxRef(txRef);
    const reject = (reason: 'not_found' | 'wrong_reference' | 'wrong_token' | 'reverted', detail: string) =>
      ({ status: 'rejected', txRef, reason, detail }) as const;
    if (!id) return reject('not_found', 'not a card payment');
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripeCall(() => this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
        return reject('not_found', 'no such card payment');
      }
      throw err;
    }
    if (intent.metadata.reference !== expected.reference)
      return reject('wrong_reference', 'made for another payment');
    if (intent.currency !== expected.asset.symbol.toLowerCase())
      return reject('wrong_token', `paid in ${intent.currency}`);
    if (
      intent.status === 'processing' ||
      intent.status === 'requires_action' ||
      intent.status === 'requires_confirmation'
    ) {
      return { status: 'pending', txRef, confirmations: 0, required: 0 };
    }
    if (intent.status !== 'succeeded') {
      return reject('reverted', intent.last_payment_error?.message ?? `the card payment is ${intent.status}`);
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const amount = fromStripeAmount(BigInt(intent.amount_received), expected.asset.decimals, intent.currency);
    const recorded = await recordTransfer(options?.db ?? this.db, {
      rail: this.kind,
      chainId: this.network,
      txHash: txRef.toLowerCase(),
      logIndex: 0,
      reference: expected.reference,
      payer: intent.id,
      recipient: 'stripe',
      asset: intent.currency,
      amount,
      blockNumber: 0n,
      blockHash: charge?.id ?? '',
    });
    if (recorded === 'used_elsewhere')
      return reject('wrong_reference', 'this card payment already paid another payment');
    const payment: ConfirmedPayment = {
      status: 'confirmed',
      txRef,
      network: this.network,
      confirmations: 1,
      required: 0,
      payer: intent.id,
      recipient: 'stripe',
      amount,
      asset: expected.asset,
      blockNumber: 0n,
      blockHash: charge?.id ?? '',
      index: 0,
      details: {
        payment_intent_id: intent.id,
        ...(card?.brand ? { card_brand: card.brand } : {}),
        ...(card?.last4 ? { card_last4: card.last4 } : {}),
      },
    };
    if (amount < expected.amount) {
      return { status: 'rejected', txRef, reason: 'underpaid', detail: `paid ${amount}`, underpaid: payment };
    }
    return payment;
  }

  /** Cards have no balance or allowance to read: never fast pay. */
  async standing(): Promise<FundsCheck> {
    return { balance: 0n, allowance: null, balanceSufficient: false, delegationSufficient: false };
  }

  async prepareMandate(): Promise<WalletRequest> {
    throw new RailError('rail_unsupported', 'card methods save a card with a SetupIntent, not an allowance');
  }

  async pull(): Promise<never> {
    throw new RailError('rail_unsupported', 'payment code signs collections (signCollect)');
  }

  async signCollect(): Promise<never> {
    throw new RailError('rail_unsupported', 'off-session card renewals are not built yet');
  }

  inspect(signed: string): { txRef: string; forReference: boolean } {
    return { txRef: signed, forReference: false };
  }

  /** Sends a committed refund order (its idempotency key makes a second send the same refund). */
  async submit(signed: string): Promise<{ txRef: string }> {
    const order = JSON.parse(signed) as RefundOrder;
    if (order.kind !== 'refund') throw new RailError('invalid_transaction', 'not a card rail order');
    await stripeCall(() =>
      this.stripe.refunds.create(
        {
          payment_intent: order.paymentIntent,
          amount: Number(order.amount),
          metadata: { reference: order.reference },
        },
        { idempotencyKey: `payshelf:refund:${order.reference}` },
      ),
    );
    return { txRef: txRefOfRefund(order.reference) };
  }

  async refund(request: RefundRequest): Promise<{ txRef: string }> {
    const signed = await this.signRefund(request);
    return this.submit(signed.raw);
  }

  /** A refund order to commit before it is sent: `to` is the PaymentIntent the card paid with. */
  async signRefund(request: RefundRequest): Promise<SignedTransaction> {
    if (!/^pi_[A-Za-z0-9]+$/.test(request.to)) {
      throw new RailError(
        'invalid_transaction',
        `a card refund goes back to a card payment, not ${request.to}`,
      );
    }
    const order: RefundOrder = {
      kind: 'refund',
      paymentIntent: request.to,
      amount: String(this.stripeAmount(request.amount, request.asset)),
      reference: request.reference,
    };
    return {
      status: 'signed',
      txRef: txRefOfRefund(request.reference),
      raw: JSON.stringify(order),
      nonce: 0n,
    };
  }

  /** A committed refund: found at Stripe by its reference (then it is final), else not sent yet. */
  async track(txRef: string, signed?: string): Promise<SentStatus> {
    if (!signed) return { status: 'not_found' };
    const order = JSON.parse(signed) as RefundOrder;
    const refunds = await stripeCall(() =>
      this.stripe.refunds.list({ payment_intent: order.paymentIntent, limit: 100 }),
    );
    const found = refunds.data.find((r) => r.metadata?.reference === order.reference);
    if (!found || txRefOfRefund(order.reference) !== txRef.toLowerCase()) return { status: 'not_found' };
    if (found.status === 'failed' || found.status === 'canceled')
      return { status: 'reverted', blockNumber: 0n };
    return found.status === 'succeeded'
      ? { status: 'confirmed', confirmations: 1, blockNumber: 0n }
      : { status: 'pending', confirmations: 0 };
  }

  explorerUrl(txRef: string): string | null {
    const id = intentOfTxRef(txRef);
    if (!id || this.settings.apiBase) return null;
    return `https://dashboard.stripe.com/${this.settings.livemode ? '' : 'test/'}payments/${id}`;
  }

  /** Succeeded card payments made for one of `references` (a page that died after paying). */
  async findTransfersFor(
    _asset: RailAsset,
    references: readonly string[],
  ): Promise<Array<{ txRef: string; reference: string }>> {
    const found: Array<{ txRef: string; reference: string }> = [];
    for (const reference of references) {
      const result = await stripeCall(() =>
        this.stripe.paymentIntents.search({
          query: `metadata['reference']:'${reference.replace(/'/g, '')}'`,
        }),
      );
      for (const intent of result.data) {
        if (intent.status === 'succeeded') found.push({ txRef: txRefOfIntent(intent.id), reference });
      }
    }
    return found;
  }

  targetJson(target: PaymentTarget): PaymentTargetJson {
    const card = target.card;
    if (!card) throw new RailError('invalid_transaction', 'a card target without its payment');
    return {
      rail: 'stripe',
      payment_intent_id: card.paymentId,
      client_secret: card.clientSecret,
      publishable_key: card.publishableKey,
      tx_ref: card.txRef,
      amount: target.amount.toString(),
      currency: target.asset.symbol,
      // Only a test-mode method has an API base (the local Stripe), so a live page loads Stripe's own.
      js_url: this.settings.apiBase ? `${this.settings.apiBase.replace(/\/$/, '')}/js/v3` : null,
    };
  }

  walletClaim(): WalletClaim {
    throw new RailError('rail_unsupported', 'a card is paid in the page, not by a DID wallet');
  }
}

export type { DbLike };
