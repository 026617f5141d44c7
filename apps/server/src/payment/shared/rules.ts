import { isMoneyRuleError, parseAmount, toDecimalString } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';

/**
 * Runs a money rule and turns its typed error into the one API error shape: the rule's code (e.g.
 * EXCEED_INVENTORY) and its exact English message, naming the request field in `param`; the code is
 * a catalog key and its params travel along, so the answer's message is looked up in its language.
 */
export function moneyRule<T>(param: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw asApiError(err, param);
  }
}

export function asApiError(err: unknown, param?: string): unknown {
  // Every money rule code is a catalog key (the compiler checks it), so the message is looked up.
  if (isMoneyRuleError(err))
    return ApiError.badRequest(err.code, err.message, param).withMessage(err.code, err.params);
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
