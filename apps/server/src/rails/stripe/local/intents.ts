// PaymentIntents and SetupIntents of the local Stripe: create, confirm (on or off session), the 3-D
// Secure step a test card asks for, cancel. Declines answer 402 `card_error` with the intent attached
// and leave it `requires_payment_method` with `last_payment_error`, as Stripe does.
import { chargeOutcome, setupDecline, setupNeedsAction } from './cards.js';
import { bool, obj, str, stringMap, type FormObject } from './form.js';
import {
  invalid,
  LocalStripeError,
  missing,
  newId,
  noSuch,
  now,
  type LastError,
  type PaymentIntent,
  type SetupIntent,
} from './objects.js';
import { parseAmount, type LocalStripeStore, type RequestInfo } from './store.js';

const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const unexpected = (message: string, intent?: PaymentIntent): LocalStripeError =>
  new LocalStripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message,
    ...(intent ? { payment_intent: intent } : {}),
  });

export class LocalIntents {
  constructor(
    private readonly store: LocalStripeStore,
    /** Where the 3-D Secure page of a `requires_action` intent is served. */
    private readonly baseUrl: () => string,
  ) {}

  paymentIntent(id: string): PaymentIntent {
    const intent = this.store.paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id);
    return intent;
  }

  setupIntent(id: string): SetupIntent {
    const intent = this.store.setupIntents.get(id);
    if (!intent) throw noSuch('setup_intent', id);
    return intent;
  }

  createPaymentIntent(form: FormObject, request: RequestInfo): PaymentIntent {
    const amountText = str(form, 'amount');
    const currency = str(form, 'currency');
    if (!amountText) throw missing('amount');
    if (!currency) throw missing('currency');
    const amount = parseAmount(amountText, 'amount');
    if (amount < 1n) throw invalid('amount', 'Amount must be at least 1.');
    const customer = str(form, 'customer') ?? null;
    if (customer) this.store.customer(customer);
    const method = str(form, 'payment_method');
    const id = newId('pi');
    const usage = str(form, 'setup_future_usage');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0n,
      currency: currency.toLowerCase(),
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      customer,
      payment_method: method ? this.store.paymentMethod(method).id : null,
      payment_method_types: ['card'],
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      metadata: stringMap(obj(form, 'metadata')),
      description: str(form, 'description') ?? null,
      setup_future_usage: usage === 'off_session' || usage === 'on_session' ? usage : null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      cancellation_reason: null,
      canceled_at: null,
      created: now(),
      livemode: false,
    };
    this.store.paymentIntents.set(id, intent);
    this.store.emit('payment_intent.created', intent, request);
    return bool(form, 'confirm') ? this.confirmPaymentIntent(id, form, request) : intent;
  }

  updatePaymentIntent(id: string, form: FormObject): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      throw unexpected(`This PaymentIntent's status is ${intent.status} and it cannot be updated.`, intent);
    }
    const amount = str(form, 'amount');
    if (amount !== undefined) intent.amount = parseAmount(amount, 'amount');
    const metadata = obj(form, 'metadata');
    if (metadata) intent.metadata = { ...intent.metadata, ...stringMap(metadata) };
    const description = str(form, 'description');
    if (description !== undefined) intent.description = description;
    const method = str(form, 'payment_method');
    if (method) {
      intent.payment_method = this.store.paymentMethod(method).id;
      intent.status = 'requires_confirmation';
    }
    return intent;
  }

  confirmPaymentIntent(id: string, form: FormObject, request: RequestInfo): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw unexpected(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        intent,
      );
    }
    const methodId = str(form, 'payment_method') ?? intent.payment_method;
    if (!methodId) {
      throw unexpected(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        intent,
      );
    }
    const method = this.store.paymentMethod(methodId);
    if (method.customer && intent.customer && method.customer !== intent.customer) {
      throw invalid('payment_method', 'The provided PaymentMethod belongs to another customer.');
    }
    intent.payment_method = method.id;
    const offSession = bool(form, 'off_session') ?? false;
    const usage = str(form, 'setup_future_usage');
    if (usage === 'off_session' || usage === 'on_session') intent.setup_future_usage = usage;
    const { card, setUp } = this.store.cardOf(method.id);
    const outcome = chargeOutcome(card, offSession, setUp, false);
    if (outcome.kind === 'declined') {
      return this.fail(
        intent,
        {
          type: 'card_error',
          code: outcome.code,
          decline_code: outcome.declineCode,
          message: outcome.message,
          payment_method: method,
        },
        request,
      );
    }
    if (outcome.kind === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.baseUrl()}/local/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`,
          return_url: str(form, 'return_url') ?? null,
        },
      };
      this.store.emit('payment_intent.requires_action', intent, request);
      return intent;
    }
    return this.succeed(intent, request);
  }

  private succeed(intent: PaymentIntent, request: RequestInfo | null): PaymentIntent {
    const method = this.store.paymentMethod(intent.payment_method ?? '');
    const charge = this.store.charge(intent, method);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.customer && intent.setup_future_usage) {
      this.store.attach(method.id, intent.customer, intent.setup_future_usage === 'off_session');
    }
    this.store.emit('charge.succeeded', charge, request);
    this.store.emit('payment_intent.succeeded', intent, request);
    return intent;
  }

  private fail(intent: PaymentIntent, error: LastError, request: RequestInfo | null): never {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    intent.payment_method = null;
    intent.next_action = null;
    this.store.emit('payment_intent.payment_failed', intent, request);
    const { payment_method: _method, ...body } = error;
    throw new LocalStripeError(402, { ...body, payment_intent: intent });
  }

  /** The customer's answer on the 3-D Secure page: approve pays (or saves), fail asks for another card. */
  authenticate(id: string, approve: boolean): PaymentIntent | SetupIntent {
    if (id.startsWith('seti_')) return this.authenticateSetup(id, approve);
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_action')
      throw unexpected(`This PaymentIntent is ${intent.status}.`, intent);
    if (approve) return this.succeed(intent, null);
    try {
      this.fail(
        intent,
        { type: 'card_error', code: 'payment_intent_authentication_failure', message: AUTH_FAILED },
        null,
      );
    } catch {
      // The page answers the intent; the error is what a confirming client would have seen.
    }
    return intent;
  }

  cancelPaymentIntent(id: string, form: FormObject, request: RequestInfo): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      throw unexpected(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        intent,
      );
    }
    intent.status = 'canceled';
    intent.cancellation_reason = str(form, 'cancellation_reason') ?? 'requested_by_customer';
    intent.canceled_at = now();
    intent.next_action = null;
    this.store.emit('payment_intent.canceled', intent, request);
    return intent;
  }

  createSetupIntent(form: FormObject, request: RequestInfo): SetupIntent {
    const customer = str(form, 'customer') ?? null;
    if (customer) this.store.customer(customer);
    const method = str(form, 'payment_method');
    const id = newId('seti');
    const intent: SetupIntent = {
      id,
      object: 'setup_intent',
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      customer,
      payment_method: method ? this.store.paymentMethod(method).id : null,
      payment_method_types: ['card'],
      usage: str(form, 'usage') === 'on_session' ? 'on_session' : 'off_session',
      metadata: stringMap(obj(form, 'metadata')),
      next_action: null,
      last_setup_error: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    this.store.setupIntents.set(id, intent);
    this.store.emit('setup_intent.created', intent, request);
    return bool(form, 'confirm') ? this.confirmSetupIntent(id, form, request) : intent;
  }

  confirmSetupIntent(id: string, form: FormObject, request: RequestInfo): SetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new LocalStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: intent,
      });
    }
    const methodId = str(form, 'payment_method') ?? intent.payment_method;
    if (!methodId) throw missing('payment_method');
    const method = this.store.paymentMethod(methodId);
    intent.payment_method = method.id;
    const { card } = this.store.cardOf(method.id);
    const declined = setupDecline(card);
    if (declined && declined.kind === 'declined') {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_setup_error = {
        type: 'card_error',
        code: declined.code,
        decline_code: declined.declineCode,
        message: declined.message,
      };
      this.store.emit('setup_intent.setup_failed', intent, request);
      throw new LocalStripeError(402, { ...intent.last_setup_error, setup_intent: intent });
    }
    if (setupNeedsAction(card)) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.baseUrl()}/local/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`,
          return_url: str(form, 'return_url') ?? null,
        },
      };
      this.store.emit('setup_intent.requires_action', intent, request);
      return intent;
    }
    return this.setupSucceeded(intent, request);
  }

  private setupSucceeded(intent: SetupIntent, request: RequestInfo | null): SetupIntent {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_setup_error = null;
    const methodId = intent.payment_method ?? '';
    if (intent.customer) this.store.attach(methodId, intent.customer, intent.usage === 'off_session');
    else if (intent.usage === 'off_session') this.store.cardOf(methodId).setUp = true;
    this.store.emit('setup_intent.succeeded', intent, request);
    return intent;
  }

  private authenticateSetup(id: string, approve: boolean): SetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status !== 'requires_action') throw invalid('id', `This SetupIntent is ${intent.status}.`);
    if (approve) return this.setupSucceeded(intent, null);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_setup_error = {
      type: 'card_error',
      code: 'setup_intent_authentication_failure',
      message: AUTH_FAILED,
    };
    this.store.emit('setup_intent.setup_failed', intent, null);
    return intent;
  }

  cancelSetupIntent(id: string, request: RequestInfo): SetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalid('id', `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    intent.cancellation_reason = 'requested_by_customer';
    this.store.emit('setup_intent.canceled', intent, request);
    return intent;
  }
}
