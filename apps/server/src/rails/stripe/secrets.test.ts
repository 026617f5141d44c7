import { describe, expect, it } from 'vitest';
import { SECRET_KINDS, SecretBox } from '../../core/secret-box.js';
import { hintOf, isSealed, openSecret, sealStripeSettings } from './secrets.js';

const box = new SecretBox('0xinstance-key', SECRET_KINDS.railSettings);
const settings = {
  stripe: {
    publishable_key: 'pk_test_abc',
    secret_key: 'sk_test_51Secret9876',
    webhook_signing_secret: 'whsec_sign1234',
  },
};

describe("a card method's sealed secrets", () => {
  it('seals both secrets with a hint, keeps the rest, and opens them for the same method only', () => {
    const sealed = sealStripeSettings(box, 'pm_1', settings);
    const stripe = sealed.stripe as Record<string, unknown>;
    expect(stripe.publishable_key).toBe('pk_test_abc');
    expect(JSON.stringify(sealed)).not.toContain('51Secret');
    expect(stripe.secret_key).toMatchObject({ hint: 'sk_test_…9876' });
    expect(isSealed(stripe.webhook_signing_secret)).toBe(true);
    expect(openSecret(box, 'pm_1', stripe.secret_key)).toBe('sk_test_51Secret9876');
    expect(openSecret(box, 'pm_1', stripe.webhook_signing_secret)).toBe('whsec_sign1234');
    // Copied onto another method, or opened under another instance key: refused, never garbage.
    expect(() => openSecret(box, 'pm_2', stripe.secret_key)).toThrow(/another instance key/);
    const other = new SecretBox('0xother-key', SECRET_KINDS.railSettings);
    expect(() => openSecret(other, 'pm_1', stripe.secret_key)).toThrow(/enter them again/);
    // The webhook endpoints' key is another key of the same instance key.
    expect(() => openSecret(new SecretBox('0xinstance-key'), 'pm_1', stripe.secret_key)).toThrow();
  });

  it('keeps sealed secrets as they are and passes plaintext (not yet stored) through', () => {
    const once = sealStripeSettings(box, 'pm_1', settings);
    expect(sealStripeSettings(box, 'pm_1', once)).toEqual(once);
    expect(openSecret(box, 'pm_1', 'sk_test_plain')).toBe('sk_test_plain');
    expect(openSecret(box, 'pm_1', undefined)).toBeNull();
    expect(sealStripeSettings(box, 'pm_1', { bitcoin: { network: 'regtest' } })).toEqual({
      bitcoin: { network: 'regtest' },
    });
  });

  it('hints the kind of key and its last four, never more of a short one', () => {
    expect(hintOf('rk_live_abcdefghijkl')).toBe('rk_live_…ijkl');
    expect(hintOf('whsec_0123456789')).toBe('whsec_…6789');
    expect(hintOf('sk_test_1')).toBe('sk_test_…');
    expect(hintOf('opaque-secret-value')).toBe('…alue');
  });
});
