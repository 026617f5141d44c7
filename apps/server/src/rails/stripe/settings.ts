// A card method's settings as the Stripe rail reads them: the publishable and secret keys (their mode
// must be the method's: test keys for a test-mode method, live keys for a live one), the webhook
// signing secret, and in test mode only an API base (the local Stripe).
import type { SecretBox } from '../../core/secret-box.js';
import { RailError } from '../types.js';
import type { RailMethod } from '../plugin.js';
import { openSecret } from './secrets.js';

export interface StripeSettings {
  methodId: string;
  livemode: boolean;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string | null;
  /** The local Stripe's URL in test mode; null for api.stripe.com (always, in live mode). */
  apiBase: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What is wrong with a pair of keys for a method of this mode, or null when they fit it. */
export function keyProblem(livemode: boolean, publishable: string, secret: string | null): string | null {
  const mode = livemode ? 'live' : 'test';
  if (!publishable.startsWith(`pk_${mode}_`)) {
    return `the publishable key must be a ${mode} key (pk_${mode}_…) for a ${mode}-mode method`;
  }
  if (!secret) return 'the secret key is missing';
  if (!secret.startsWith(`sk_${mode}_`) && !secret.startsWith(`rk_${mode}_`)) {
    return `the secret key must be a ${mode} key (sk_${mode}_… or rk_${mode}_…) for a ${mode}-mode method`;
  }
  return null;
}

/** The method's settings with its secrets opened (`box` opens the sealed ones; see secrets.ts). */
export function stripeSettingsFromMethod(method: RailMethod, box: SecretBox | null): StripeSettings {
  const raw = method.settings.stripe;
  const settings = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const publishableKey = text(settings.publishable_key) ?? '';
  const secretKey = openSecret(box, method.id, settings.secret_key);
  const problem = keyProblem(method.livemode, publishableKey, secretKey);
  if (problem || !secretKey)
    throw new RailError('rail_misconfigured', `card method ${method.id}: ${problem}`);
  const apiHost = text(settings.api_host);
  if (method.livemode && apiHost) {
    throw new RailError('rail_misconfigured', 'a live card method always talks to api.stripe.com');
  }
  return {
    methodId: method.id,
    livemode: method.livemode,
    publishableKey,
    secretKey,
    webhookSecret: openSecret(box, method.id, settings.webhook_signing_secret),
    apiBase: apiHost,
  };
}
