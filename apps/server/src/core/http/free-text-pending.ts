/**
 * Files that still build errors from free English text, and how many times (free-text-errors.test.ts).
 * Folders other helpers were rewriting when the catalog landed keep theirs until the lead converts them
 * after merging: payment/intents, payment/flows, rails, checkout/submit.ts, store/routes, the platform and
 * identity-connect routes, core/http/contract-route.ts, payment/portal, billing/past-due, billing/clocks,
 * payment/keys and payment/webhooks. Lower a number (or drop the line) when a file moves to `ApiError.of`.
 */
export const FREE_TEXT_PENDING: Readonly<Record<string, number>> = {
  'core/http/guard.ts': 1,
  'core/http/response-check.ts': 1,
  'payment/flows/pay-checkout.ts': 1,
  'payment/intents/rail.ts': 1,
  'payment/shared/rules.ts': 2,
  'store/bundle-port.ts': 2,
  'store/errors.ts': 1,
};
