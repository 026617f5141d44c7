// The `stripe` SDK client of a card method: api.stripe.com, or in test mode the local Stripe named by
// its base URL (the SDK's host/port/protocol options). Network retries stay off: a failed call is an
// outcome the rail answers (the payment is looked up again), never retried blind.
import Stripe from 'stripe';

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

export { Stripe };
