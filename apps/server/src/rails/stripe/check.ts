// The admin form's check of a card method: the secret key tried on Stripe's API, and what is wrong in
// words an admin can act on (refused key, restricted key without access, Stripe not reachable).
import { Stripe } from './client.js';
import type { StripeRail } from './rail.js';

export async function keysProblem(rail: StripeRail): Promise<string | null> {
  try {
    await rail.stripe.customers.list({ limit: 1 });
    return null;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeAuthenticationError) {
      return 'Stripe refused the secret key: check that it is copied whole and not rolled';
    }
    if (err instanceof Stripe.errors.StripePermissionError) {
      return 'the restricted key may not read customers or write PaymentIntents: give it those permissions';
    }
    if (err instanceof Stripe.errors.StripeConnectionError) {
      return `Stripe could not be reached${rail.settings.apiBase ? ` at ${rail.settings.apiBase}` : ''}`;
    }
    return err instanceof Error ? err.message : String(err);
  }
}
