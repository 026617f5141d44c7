// The Stripe.js stand-in the local Stripe serves in test mode (never in live mode, where the page always
// loads https://js.stripe.com/v3). It defines `window.Stripe` with what @stripe/react-stripe-js calls:
// `elements()`, a `payment` element with a card form (number, expiry, CVC, postal code), `confirmPayment`,
// `confirmSetup`, `handleNextAction` and the retrieve calls; 3-D Secure opens the local bank page in a
// dialog. Card details go to the local Stripe only, as the real Stripe.js sends them to Stripe only.
import { STRIPE_JS_BODY } from './stripe-js-body.js';

export function stripeJsStandIn(baseUrl: string): string {
  return `(function(){var BASE=${JSON.stringify(baseUrl)};\n${STRIPE_JS_BODY}\n})();`;
}
