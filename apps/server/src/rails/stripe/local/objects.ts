// The Stripe objects the local server keeps, in Stripe's wire shape (snake_case, ids with prefixes).
// Amounts are bigint here and integers on the wire (Stripe caps them at 99999999, well within JSON).
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-style id: the prefix, then 16 letters and digits. */
export const newId = (prefix: string): string =>
  `${prefix}_${[...randomBytes(16)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
export const now = (): number => Math.floor(Date.now() / 1000);

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error' | 'authentication_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: PaymentIntent;
  setup_intent?: SetupIntent;
  doc_url?: string;
}

/** Thrown inside the local server; answered as `{ error: body }` with `status`, as Stripe does. */
export class LocalStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const missing = (param: string): LocalStripeError =>
  new LocalStripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });

export const noSuch = (what: string, id: string): LocalStripeError =>
  new LocalStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${what}: '${id}'`,
  });

export const invalid = (param: string, message: string): LocalStripeError =>
  new LocalStripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  invoice_settings: { default_payment_method: string | null };
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  billing_details: { address: { postal_code: string | null } };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface LastError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: PaymentMethod;
}

export interface NextAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string | null };
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: bigint;
  amount_received: bigint;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: LastError | null;
  next_action: NextAction | null;
  metadata: Record<string, string>;
  description: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  cancellation_reason: string | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: bigint;
  amount_refunded: bigint;
  currency: string;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  refunded: boolean;
  status: 'succeeded';
  paid: true;
  created: number;
  livemode: false;
}

export type SetupIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: SetupIntentStatus;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  usage: 'off_session' | 'on_session';
  metadata: Record<string, string>;
  next_action: NextAction | null;
  last_setup_error: LastError | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: bigint;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export type StripeObject = Customer | PaymentMethod | PaymentIntent | SetupIntent | Charge | Refund;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: StripeObject };
}

/** JSON as Stripe sends it: bigint amounts as integers. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/** The list envelope of Stripe's list endpoints. */
export function list<T>(url: string, data: T[]): { object: 'list'; url: string; has_more: false; data: T[] } {
  return { object: 'list', url, has_more: false, data };
}
