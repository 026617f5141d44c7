// The `stripe` SDK client of a card method: api.stripe.com, or in test mode the local Stripe named by
// its base URL (the SDK's host/port/protocol options). Network retries stay off: a failed call is an
// outcome the rail answers (the payment is looked up again), never retried blind.
import Stripe from 'stripe';
import { RailError } from '../types.js';

export function stripeClient(secretKey: string, apiBase: string | null, timeoutMs = 20_000): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 0, timeout: timeoutMs });
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: timeoutMs,
  });
}

/** A Stripe call whose failure to connect, or refused key, is the rail's problem told in its words. */
export async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError) {
      throw new RailError('rail_misconfigured', 'the card processor could not be reached; try again');
    }
    if (err instanceof Stripe.errors.StripeAuthenticationError) {
      throw new RailError('rail_misconfigured', "the card method's secret key was refused by Stripe");
    }
    throw err;
  }
}

export { Stripe };
