// The local Stripe's API routes: the subset of /v1 the `stripe` SDK calls here, and the test-only
// /local routes the Stripe.js stand-in and tests use. Each route says which keys may call it.
import { bool, obj, str, type FormObject } from './form.js';
import type { LocalIntents } from './intents.js';
import { invalid, list, LocalStripeError, type PaymentIntent, type SetupIntent } from './objects.js';
import type { LocalStripeStore, RequestInfo } from './store.js';
import type { WebhookSender } from './webhooks.js';

export type KeyKind = 'secret' | 'publishable';

export interface RouteContext {
  params: string[];
  form: FormObject;
  key: KeyKind;
  request: RequestInfo;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  /** Publishable keys may call it (with the intent's client secret where it names one). */
  publishable?: boolean;
  handle(ctx: RouteContext): unknown;
}

const ID = '([A-Za-z0-9_]+)';
const p = (source: string): RegExp => new RegExp(`^${source.replaceAll(':id', ID)}$`);

/** A publishable key reaches an intent only with its client secret, as Stripe.js does. */
function withSecret<T extends PaymentIntent | SetupIntent>(intent: T, ctx: RouteContext): T {
  if (ctx.key === 'secret') return intent;
  if (str(ctx.form, 'client_secret') !== intent.client_secret) {
    throw invalid('client_secret', 'The client_secret provided does not match any associated intent.');
  }
  return intent;
}

const param = (ctx: RouteContext, i = 0): string => ctx.params[i] ?? '';

export function apiRoutes(store: LocalStripeStore, intents: LocalIntents, webhooks: WebhookSender): Route[] {
  return [
    { method: 'POST', path: p('/v1/customers'), handle: (c) => store.createCustomer(c.form) },
    {
      method: 'GET',
      path: p('/v1/customers'),
      handle: () => list('/v1/customers', [...store.customers.values()].slice(-10)),
    },
    { method: 'GET', path: p('/v1/customers/:id'), handle: (c) => store.customer(param(c)) },
    {
      method: 'POST',
      path: p('/v1/customers/:id'),
      handle: (c) => {
        const customer = store.customer(param(c));
        const settings = obj(c.form, 'invoice_settings');
        const method = settings ? str(settings, 'default_payment_method') : undefined;
        if (method) customer.invoice_settings.default_payment_method = store.paymentMethod(method).id;
        const email = str(c.form, 'email');
        if (email !== undefined) customer.email = email;
        return customer;
      },
    },
    {
      method: 'GET',
      path: p('/v1/customers/:id/payment_methods'),
      handle: (c) => list(`/v1/customers/${param(c)}/payment_methods`, store.methodsOf(param(c))),
    },
    {
      method: 'POST',
      path: p('/v1/payment_methods'),
      publishable: true,
      handle: (c) => {
        if (str(c.form, 'type') !== 'card')
          throw invalid('type', 'The local Stripe knows card payment methods only.');
        return store.createCardMethod(c.form);
      },
    },
    { method: 'GET', path: p('/v1/payment_methods/:id'), handle: (c) => store.paymentMethod(param(c)) },
    {
      method: 'POST',
      path: p('/v1/payment_methods/:id/attach'),
      handle: (c) => {
        const customer = str(c.form, 'customer');
        if (!customer) throw invalid('customer', 'Missing required param: customer.');
        return store.attach(param(c), customer, true);
      },
    },
    {
      method: 'POST',
      path: p('/v1/payment_methods/:id/detach'),
      handle: (c) => {
        const method = store.paymentMethod(param(c));
        method.customer = null;
        return method;
      },
    },
    {
      method: 'POST',
      path: p('/v1/payment_intents'),
      handle: (c) => intents.createPaymentIntent(c.form, c.request),
    },
    {
      method: 'GET',
      path: p('/v1/payment_intents'),
      handle: () => list('/v1/payment_intents', [...store.paymentIntents.values()].reverse().slice(0, 10)),
    },
    {
      method: 'GET',
      path: p('/v1/payment_intents/search'),
      handle: (c) => {
        // The one query form used here: metadata['key']:'value'.
        const query = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(str(c.form, 'query') ?? '');
        if (!query) throw invalid('query', "The local Stripe searches by metadata['key']:'value' only.");
        const [, key = '', value] = query;
        const data = [...store.paymentIntents.values()].filter((i) => i.metadata[key] === value).reverse();
        return {
          object: 'search_result',
          url: '/v1/payment_intents/search',
          has_more: false,
          next_page: null,
          data,
        };
      },
    },
    {
      method: 'GET',
      path: p('/v1/payment_intents/:id'),
      publishable: true,
      handle: (c) => {
        const intent = withSecret(intents.paymentIntent(param(c)), c);
        const expand = c.form.expand;
        const wanted = Array.isArray(expand) && expand.includes('latest_charge') && intent.latest_charge;
        return wanted ? { ...intent, latest_charge: store.chargeById(intent.latest_charge ?? '') } : intent;
      },
    },
    {
      method: 'POST',
      path: p('/v1/payment_intents/:id'),
      handle: (c) => intents.updatePaymentIntent(param(c), c.form),
    },
    {
      method: 'POST',
      path: p('/v1/payment_intents/:id/confirm'),
      publishable: true,
      handle: (c) => {
        withSecret(intents.paymentIntent(param(c)), c);
        if (c.key === 'publishable' && bool(c.form, 'off_session'))
          throw invalid('off_session', 'off_session needs a secret key.');
        return intents.confirmPaymentIntent(param(c), c.form, c.request);
      },
    },
    {
      method: 'POST',
      path: p('/v1/payment_intents/:id/cancel'),
      handle: (c) => intents.cancelPaymentIntent(param(c), c.form, c.request),
    },
    {
      method: 'POST',
      path: p('/v1/setup_intents'),
      handle: (c) => intents.createSetupIntent(c.form, c.request),
    },
    {
      method: 'GET',
      path: p('/v1/setup_intents/:id'),
      publishable: true,
      handle: (c) => withSecret(intents.setupIntent(param(c)), c),
    },
    {
      method: 'POST',
      path: p('/v1/setup_intents/:id/confirm'),
      publishable: true,
      handle: (c) => {
        withSecret(intents.setupIntent(param(c)), c);
        return intents.confirmSetupIntent(param(c), c.form, c.request);
      },
    },
    {
      method: 'POST',
      path: p('/v1/setup_intents/:id/cancel'),
      handle: (c) => intents.cancelSetupIntent(param(c), c.request),
    },
    { method: 'GET', path: p('/v1/charges/:id'), handle: (c) => store.chargeById(param(c)) },
    { method: 'POST', path: p('/v1/refunds'), handle: (c) => store.createRefund(c.form, c.request) },
    {
      method: 'GET',
      path: p('/v1/refunds'),
      handle: (c) => {
        const intent = str(c.form, 'payment_intent');
        const all = [...store.refunds.values()].reverse();
        return list(
          '/v1/refunds',
          intent ? all.filter((r) => r.payment_intent === intent) : all.slice(0, 10),
        );
      },
    },
    { method: 'GET', path: p('/v1/refunds/:id'), handle: (c) => store.refund(param(c)) },
    {
      method: 'GET',
      path: p('/v1/events'),
      handle: () => list('/v1/events', [...store.events].reverse().slice(0, 10)),
    },
    { method: 'GET', path: p('/v1/events/:id'), handle: (c) => store.event(param(c)) },
    {
      method: 'POST',
      path: p('/v1/webhook_endpoints'),
      handle: (c) => {
        const url = str(c.form, 'url');
        if (!url) throw invalid('url', 'Missing required param: url.');
        const events = c.form.enabled_events;
        const enabled = Array.isArray(events)
          ? events.filter((e): e is string => typeof e === 'string')
          : ['*'];
        return webhooks.add(url, enabled);
      },
    },
    {
      method: 'GET',
      path: p('/v1/webhook_endpoints'),
      handle: () =>
        list(
          '/v1/webhook_endpoints',
          [...webhooks.endpoints.values()].map(({ secret: _secret, ...rest }) => rest),
        ),
    },
    {
      method: 'DELETE',
      path: p('/v1/webhook_endpoints/:id'),
      handle: (c) => {
        if (!webhooks.endpoints.delete(param(c)))
          throw new LocalStripeError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such webhook endpoint: '${param(c)}'`,
          });
        return { id: param(c), object: 'webhook_endpoint', deleted: true };
      },
    },
  ];
}
