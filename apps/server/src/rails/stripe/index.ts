// The card rail plugin (Stripe, through the official SDK). The registry reaches it only through this
// factory; `local/` is the Stripe-compatible server and Stripe.js stand-in of test mode.
import type { RailPluginFactory } from '../plugin.js';
import { StripeRailPlugin } from './plugin.js';

export const stripeRailPlugin: RailPluginFactory = (host) => new StripeRailPlugin(host);
export { StripeRailPlugin } from './plugin.js';
