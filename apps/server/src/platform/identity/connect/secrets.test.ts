import { describe, expect, it } from 'vitest';
import { hashSecret, LinkSigner, newSecret, safeEqual } from './secrets.js';

describe('secrets', () => {
  it('makes 256-bit base64url secrets and stores only their hash', () => {
    const s = newSecret();
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(s);
    expect(hashSecret(s)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(s)).not.toContain(s);
  });

  it('compares in constant time and tolerates different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it('signs deep links per token under the server key only', () => {
    const signer = new LinkSigner('0xserver-key');
    const sig = signer.sign('1a2b3c4d');
    expect(signer.verify('1a2b3c4d', sig)).toBe(true);
    expect(signer.verify('1a2b3c4e', sig)).toBe(false);
    expect(signer.verify('1a2b3c4d', undefined)).toBe(false);
    expect(new LinkSigner('0xother-key').verify('1a2b3c4d', sig)).toBe(false);
  });
});
