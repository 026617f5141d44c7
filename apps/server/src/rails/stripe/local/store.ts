// The local Stripe's state: customers, payment methods, charges, refunds and events, in memory. Every
// change a webhook would report is recorded as an event and handed to `onEvent` (the webhook sender).
import { testCard, TEST_PAYMENT_METHODS, type TestCard } from './cards.js';
import { bool, obj, str, stringMap, type FormObject } from './form.js';
import {
  invalid,
  LocalStripeError,
  missing,
  newId,
  noSuch,
  now,
  type Charge,
  type Customer,
  type PaymentIntent,
  type PaymentMethod,
  type Refund,
  type SetupIntent,
  type StripeEvent,
  type StripeObject,
} from './objects.js';

export const API_VERSION = '2026-10-28.endive';

/** The request an event came from (Stripe names it in `event.request`). */
export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

export class LocalStripeStore {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly events: StripeEvent[] = [];
  /** The test card behind each payment method, and whether it was saved for off-session use. */
  private readonly cards = new Map<string, { card: TestCard; setUp: boolean }>();
  onEvent: (event: StripeEvent) => void = () => undefined;

  emit(type: string, object: StripeObject, request: RequestInfo | null): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      // A snapshot: the event shows the object as it was when the event happened.
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  createCustomer(form: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: str(form, 'email') ?? null,
      name: str(form, 'name') ?? null,
      description: str(form, 'description') ?? null,
      metadata: stringMap(obj(form, 'metadata')),
      livemode: false,
      invoice_settings: { default_payment_method: null },
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw noSuch('customer', id);
    return customer;
  }

  /** A card payment method from card details (the Stripe.js stand-in's card form sends them). */
  createCardMethod(form: FormObject): PaymentMethod {
    const card = obj(form, 'card');
    const number = card ? str(card, 'number') : undefined;
    if (!card || !number) throw missing('card[number]');
    const test = testCard(number);
    if (!test) {
      throw new LocalStripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        param: 'card[number]',
        message: 'Your card number is incorrect. Use a Stripe test card in test mode.',
      });
    }
    const month = Number(str(card, 'exp_month') ?? '12');
    const year = Number(str(card, 'exp_year') ?? '2034');
    const fullYear = year < 100 ? 2000 + year : year;
    const today = new Date();
    if (!(month >= 1 && month <= 12))
      throw invalid('card[exp_month]', "Your card's expiration month is invalid.");
    if (
      fullYear < today.getUTCFullYear() ||
      (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
    ) {
      throw new LocalStripeError(402, {
        type: 'card_error',
        code: 'expired_card',
        param: 'card[exp_year]',
        message: 'Your card has expired.',
      });
    }
    const billing = obj(form, 'billing_details');
    const address = billing ? obj(billing, 'address') : undefined;
    return this.addMethod(test, month, fullYear, (address && str(address, 'postal_code')) ?? null);
  }

  private addMethod(card: TestCard, month: number, year: number, postal: string | null): PaymentMethod {
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: month,
        exp_year: year,
        funding: 'credit',
        country: 'US',
      },
      billing_details: { address: { postal_code: postal } },
      customer: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(method.id, method);
    this.cards.set(method.id, { card, setUp: false });
    return method;
  }

  /** A payment method by id; Stripe's test ids (`pm_card_visa`, …) give a fresh method each time. */
  paymentMethod(id: string): PaymentMethod {
    const known = this.paymentMethods.get(id);
    if (known) return known;
    const number = TEST_PAYMENT_METHODS[id];
    const card = number ? testCard(number) : undefined;
    if (!card) throw noSuch('PaymentMethod', id);
    return this.addMethod(card, 12, new Date().getUTCFullYear() + 5, null);
  }

  cardOf(methodId: string): { card: TestCard; setUp: boolean } {
    const card = this.cards.get(methodId);
    if (!card) throw noSuch('PaymentMethod', methodId);
    return card;
  }

  /** Attaches a method to a customer; `offSession` marks it saved for off-session charges. */
  attach(methodId: string, customerId: string, offSession: boolean): PaymentMethod {
    const method = this.paymentMethod(methodId);
    this.customer(customerId);
    if (method.customer && method.customer !== customerId) {
      throw invalid('customer', 'This PaymentMethod is already attached to another customer.');
    }
    method.customer = customerId;
    if (offSession) this.cardOf(method.id).setUp = true;
    return method;
  }

  methodsOf(customerId: string): PaymentMethod[] {
    this.customer(customerId);
    return [...this.paymentMethods.values()].filter((m) => m.customer === customerId);
  }

  charge(intent: PaymentIntent, method: PaymentMethod): Charge {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0n,
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: { brand: method.card.brand, last4: method.card.last4 } },
      refunded: false,
      status: 'succeeded',
      paid: true,
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  chargeById(id: string): Charge {
    const charge = this.charges.get(id);
    if (!charge) throw noSuch('charge', id);
    return charge;
  }

  /** A refund of a succeeded payment, full (no amount) or partial; never more than is left. */
  createRefund(form: FormObject, request: RequestInfo): Refund {
    const intentId = str(form, 'payment_intent');
    const chargeId =
      str(form, 'charge') ?? (intentId ? this.paymentIntents.get(intentId)?.latest_charge : undefined);
    if (!chargeId) {
      if (intentId && !this.paymentIntents.has(intentId)) throw noSuch('payment_intent', intentId);
      if (intentId)
        throw invalid(
          'payment_intent',
          `PaymentIntent ${intentId} does not have a successful charge to refund.`,
        );
      throw missing('payment_intent');
    }
    const charge = this.chargeById(chargeId);
    const left = charge.amount - charge.amount_refunded;
    const amountText = str(form, 'amount');
    const amount = amountText === undefined ? left : parseAmount(amountText, 'amount');
    if (amount <= 0n || amount > left) {
      throw invalid(
        'amount',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: str(form, 'reason') ?? null,
      metadata: stringMap(obj(form, 'metadata')),
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    this.emit('refund.created', refund, request);
    this.emit('charge.refunded', charge, request);
    return refund;
  }

  refund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw noSuch('refund', id);
    return refund;
  }

  event(id: string): StripeEvent {
    const event = this.events.find((e) => e.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }
}

/** An amount parameter: a positive integer in the currency's smallest unit, at most Stripe's 99999999. */
export function parseAmount(text: string, param: string): bigint {
  if (!/^\d+$/.test(text)) throw invalid(param, 'Invalid integer: ' + text);
  const amount = BigInt(text);
  if (amount > 99_999_999n) {
    throw new LocalStripeError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param,
      message: 'Amount must be no more than $999,999.99',
    });
  }
  return amount;
}

export { bool };
