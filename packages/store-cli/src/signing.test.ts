import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBundle, signingPublicKey, verifyBundleSignature } from './signing.js';

const sha = (text: string) => createHash('sha512').update(text).digest('hex');
const TOKEN = `pst_${'a'.repeat(40)}`;

describe('bundle signing', () => {
  it('derives the same key from the same token, and verifies only that token and those bytes', () => {
    const key = signingPublicKey(TOKEN);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(signingPublicKey(TOKEN)).toBe(key);
    expect(signingPublicKey(`pst_${'b'.repeat(40)}`)).not.toBe(key);

    const signature = signBundle(TOKEN, sha('bundle'));
    expect(verifyBundleSignature(key, sha('bundle'), signature)).toBe(true);
    expect(verifyBundleSignature(key, sha('bundle').toUpperCase(), signature)).toBe(true);
    expect(verifyBundleSignature(key, sha('other'), signature)).toBe(false);
    expect(verifyBundleSignature(signingPublicKey(`pst_${'b'.repeat(40)}`), sha('bundle'), signature)).toBe(
      false,
    );
    expect(verifyBundleSignature(key, sha('bundle'), 'AAAA')).toBe(false);
    expect(verifyBundleSignature('not-a-key', sha('bundle'), signature)).toBe(false);
  });
});
