import { BILLING_TEXT } from './catalog-billing.js';
import { CHECKOUT_TEXT } from './catalog-checkout.js';
import { IDENTITY_TEXT } from './catalog-identity.js';
import { MONEY_TEXT } from './catalog-money.js';
import { REQUEST_TEXT } from './catalog-request.js';
import { STORE_TEXT } from './catalog-store.js';
import type { ErrorCode } from './codes.js';
import type { CodeText } from './text.js';

/**
 * The English and Chinese text of every error code (the compiler checks that no code is left out and
 * that no text names a code outside the enum). An error whose own message has no translation is
 * answered in Chinese with its code's text here.
 */
export const ERROR_TEXT: Readonly<Record<ErrorCode, CodeText>> = {
  ...REQUEST_TEXT,
  ...MONEY_TEXT,
  ...CHECKOUT_TEXT,
  ...BILLING_TEXT,
  ...IDENTITY_TEXT,
  ...STORE_TEXT,
} satisfies Record<ErrorCode, CodeText>;
