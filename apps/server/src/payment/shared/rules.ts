import { isMoneyRuleError, parseAmount, toDecimalString } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';

/**
 * Runs a money rule and turns its typed error into the one API error shape: the rule's code (e.g.
 * EXCEED_INVENTORY) and its exact English message, naming the request field in `param`; its params
 * travel along so the error handler can answer the message in the request's language.
 */
export function moneyRule<T>(param: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw asApiError(err, param);
  }
}

export function asApiError(err: unknown, param?: string): unknown {
  if (isMoneyRuleError(err)) return ApiError.badRequest(err.code, err.message, param).withValues(err.params);
  if (err instanceof RangeError) return ApiError.badRequest('parameter_invalid', err.message, param);
  return err;
}

export function throwIfRule(err: unknown, param?: string): void {
  if (err) throw asApiError(err, param);
}

/**
 * SPEC §5: an amount may not have more significant decimals than the currency's maximum_precision
 * ('Amount decimal places must be less than or equal to {precision}').
 */
export function checkAmountPrecision(
  units: bigint,
  currency: { decimal: number; maximumPrecision: number },
  param: string,
): void {
  moneyRule(param, () =>
    parseAmount(toDecimalString(units, currency.decimal), currency.decimal, currency.maximumPrecision),
  );
}
