import type { ErrorCode } from '@payshelf/api';

/**
 * Temporary adapter while the last throw sites move to the catalog: the UPPER_CASE codes older code
 * (and the money rules of packages/money) still throw, each with the snake_case code the API answers
 * with instead. Only CUSTOMER_LIMITED and REQUIRE_CROSS_SELL stay in capitals on the wire.
 */
export const LEGACY_CODES = {
  ACCOUNT_CHANGED: 'account_changed',
  AMOUNT_INVALID: 'amount_invalid',
  AMOUNT_PRECISION: 'amount_precision',
  CHECKOUT_SESSION_OTHER_CUSTOMER: 'checkout_session_other_customer',
  CROSS_SELL_NOT_FOUND: 'cross_sell_not_found',
  CURRENCY_NOT_CONFIGURED: 'currency_not_configured',
  DONATION_AMOUNT_RANGE: 'donation_amount_range',
  DONATION_NOT_ENABLED: 'donation_not_enabled',
  EXCEED_INVENTORY: 'exceed_inventory',
  EXCEED_PURCHASE_LIMIT: 'exceed_purchase_limit',
  FAST_PAY_UNAVAILABLE: 'fast_pay_unavailable',
  MULTIPLE_CUSTOM_UNIT_AMOUNT: 'multiple_custom_unit_amount',
  PAYER_CHALLENGE_EXPIRED: 'payer_challenge_expired',
  PAYER_NOT_PROVED: 'payer_not_proved',
  PAYER_PROOF_INVALID: 'payer_proof_invalid',
  PAYMENT_METHOD_NOT_SUPPORTED: 'payment_method_not_supported',
  PRICE_TIERS_INVALID: 'price_tiers_invalid',
  UNSUPPORTED_INTERVAL: 'unsupported_interval',
} as const satisfies Record<string, ErrorCode>;
export type LegacyErrorCode = keyof typeof LEGACY_CODES;

/** A thrown code as the API answers it. */
export function wireCode(code: ErrorCode | LegacyErrorCode): ErrorCode {
  return isLegacy(code) ? LEGACY_CODES[code] : code;
}

function isLegacy(code: string): code is LegacyErrorCode {
  return Object.hasOwn(LEGACY_CODES, code);
}
