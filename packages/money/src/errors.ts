// Typed errors for the money rules. Each carries a stable `code` (what the API and the UI switch on)
// and `params` (what a translated message interpolates). The English default messages are the exact
// texts of SPEC.md so the server can answer with them as they are.

export type MoneyRuleCode =
  | 'AMOUNT_INVALID'
  | 'AMOUNT_PRECISION'
  | 'UNSUPPORTED_INTERVAL'
  | 'CURRENCY_NOT_CONFIGURED'
  | 'MULTIPLE_CUSTOM_UNIT_AMOUNT'
  | 'PRICE_TIERS_INVALID'
  | 'EXCEED_INVENTORY'
  | 'EXCEED_PURCHASE_LIMIT'
  | 'DONATION_AMOUNT_RANGE';

export class MoneyRuleError extends Error {
  readonly code: MoneyRuleCode;
  // `declare`: no class field is emitted, so an error without params has no `params` key at all.
  declare readonly params?: Record<string, string>;

  constructor(code: MoneyRuleCode, message: string, params?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    if (params) this.params = params;
  }
}

export function isMoneyRuleError(value: unknown): value is MoneyRuleError {
  return value instanceof MoneyRuleError;
}

/** Keeps echoed user input short so an error never carries a huge payload. */
function echo(input: string): string {
  return input.length > 64 ? `${input.slice(0, 64)}…` : input;
}

export class AmountInvalidError extends MoneyRuleError {
  constructor(input: string) {
    super('AMOUNT_INVALID', 'Invalid amount', { input: echo(input) });
  }
}

export class AmountPrecisionError extends MoneyRuleError {
  readonly precision: number;

  constructor(precision: number) {
    super('AMOUNT_PRECISION', `Amount decimal places must be less than or equal to ${precision}`, {
      precision: String(precision),
    });
    this.precision = precision;
  }
}

export class UnsupportedIntervalError extends MoneyRuleError {
  constructor(interval: string, intervalCount: string) {
    super('UNSUPPORTED_INTERVAL', 'unsupported recurring interval', {
      interval: echo(interval),
      interval_count: echo(intervalCount),
    });
  }
}

export class CurrencyNotConfiguredError extends MoneyRuleError {
  constructor(priceId: string, currencyId: string) {
    super('CURRENCY_NOT_CONFIGURED', 'Currency not configured for price', {
      price_id: priceId,
      currency_id: currencyId,
    });
  }
}

export class MultipleCustomUnitAmountError extends MoneyRuleError {
  constructor(count: number) {
    super('MULTIPLE_CUSTOM_UNIT_AMOUNT', 'Multiple items with custom unit amount are not supported', {
      count: String(count),
    });
  }
}

export class PriceTiersError extends MoneyRuleError {
  constructor(reason: string) {
    super('PRICE_TIERS_INVALID', 'Invalid price tiers', { reason });
  }
}

export class ExceedInventoryError extends MoneyRuleError {
  constructor(requested: number, remaining: number) {
    super('EXCEED_INVENTORY', 'Exceed inventory', {
      requested: String(requested),
      remaining: String(remaining),
    });
  }
}

export class ExceedPurchaseLimitError extends MoneyRuleError {
  constructor(requested: number, limit: number) {
    super('EXCEED_PURCHASE_LIMIT', 'Exceed purchase limit', {
      requested: String(requested),
      limit: String(limit),
    });
  }
}

/** `min` and `max` are exact human decimal strings (e.g. "0.5"); the UI adds symbol and locale. */
export class DonationAmountError extends MoneyRuleError {
  readonly min: string;
  readonly max: string;

  constructor(min: string, max: string) {
    super('DONATION_AMOUNT_RANGE', `Please enter an amount between ${min} and ${max}.`, { min, max });
    this.min = min;
    this.max = max;
  }
}
