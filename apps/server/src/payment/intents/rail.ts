// The one door from payment code to the rails: the rail of a method, what it is held to, its failures,
// and the rails' types as payment code names them. Nothing else outside rails/ imports rails/.
import type { PaymentExpectation, Rail, RailAsset } from '../../rails/types.js';
import { RailError } from '../../rails/types.js';
export type {
  ConfirmedPayment,
  FundsCheck,
  PaymentExpectation,
  PaymentTarget,
  Rail,
  RailAsset,
  RefundRequest,
  RejectReason,
  SignedTransaction,
  VerifyResult,
  WalletRequest,
} from '../../rails/types.js';
export type {
  ConfirmedHandler,
  DemoMethod,
  DemoNetwork,
  ProgressHandler,
  RejectedHandler,
} from '../../rails/registry.js';
export { RailError };
import { ApiError } from '../../core/http/errors.js';
import {
  getCurrency,
  getMethod,
  type CurrencyRow,
  type MethodRails,
  type MethodRow,
} from '../methods/index.js';
import type { Rails } from '../../rails/registry.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import type { IntentRow } from './repo.js';

export interface PayingWith {
  method: MethodRow;
  currency: CurrencyRow;
  asset: RailAsset;
  rail: Rail;
}

export function assetOf(currency: CurrencyRow): RailAsset {
  return {
    currencyId: currency.id,
    symbol: currency.symbol,
    decimals: currency.decimal,
    contract: currency.contract,
  };
}

/** What the rail holds a transfer against: the intent's own frozen amount and asset, never the session. */
export function expectationOf(intent: IntentRow, paying: PayingWith, payer?: string): PaymentExpectation {
  return { reference: intent.id, asset: paying.asset, amount: intent.amount, ...(payer ? { payer } : {}) };
}

/** A rail failure a customer can do nothing about becomes a 400 with its code, never a 500. */
export function railProblem(err: unknown, param?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof RailError) {
    return ApiError.badRequest(
      err.code === 'rail_unsupported' ? 'PAYMENT_METHOD_NOT_SUPPORTED' : err.code,
      err.code === 'rail_unsupported' ? 'This payment method is not supported' : err.message,
      param,
    );
  }
  throw err;
}

/** What is wrong with a payment method's settings (a card provider refusing its keys); null when it works. */
export function methodProblem(
  ctx: PaymentContext,
  method: { id: string; type: string; livemode: boolean; settings: Record<string, unknown> },
): Promise<string | null> {
  return ctx.services.rails.methodProblem({ ...method, confirmation: { type: 'callback' } });
}

/**
 * What the method service needs of the rails: each method's rail seals the secrets in its settings
 * before they are stored, and (`checked`, for the API) checks new settings first.
 */
export function methodRails(
  rails: Pick<Rails, 'sealSettings' | 'methodProblem'>,
  checked: boolean,
): MethodRails {
  const railMethod = (m: {
    id: string;
    type: string;
    livemode: boolean;
    settings: Record<string, unknown>;
  }) => ({
    ...m,
    confirmation: { type: 'callback' },
  });
  return {
    seal: (m) => rails.sealSettings(railMethod(m)),
    ...(checked ? { check: (m) => rails.methodProblem(railMethod(m)) } : {}),
  };
}

/** The active method and currency a customer chose (the currency must belong to the method) and its rail. */
export async function payingWith(
  ctx: PaymentContext,
  db: DbLike,
  livemode: boolean,
  methodId: string,
  currencyId: string,
): Promise<PayingWith> {
  const method = await getMethod(db, methodId, livemode);
  if (!method || !method.active) {
    throw ApiError.missing('payment_method_missing', methodId, 'payment_method');
  }
  const currency = await getCurrency(db, currencyId, livemode);
  if (!currency || !currency.active || currency.paymentMethodId !== method.id) {
    throw ApiError.missing('payment_currency_of_method_missing', currencyId, 'payment_currency');
  }
  const asset = assetOf(currency);
  try {
    return { method, currency, asset, rail: ctx.services.rails.forMethod(method) };
  } catch (err) {
    throw railProblem(err, 'payment_method');
  }
}

/** What an intent froze when it was created (its method and currency), and their rail. */
export function payingFor(
  ctx: PaymentContext,
  db: DbLike,
  intent: { livemode: boolean; paymentMethodId: string | null; currencyId: string },
): Promise<PayingWith> {
  return payingWith(ctx, db, intent.livemode, intent.paymentMethodId ?? '', intent.currencyId);
}
