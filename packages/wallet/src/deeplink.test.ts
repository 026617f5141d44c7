import { describe, expect, it } from 'vitest';
import { authUrlFromDeepLink, sameOrigin } from './deeplink.js';

const auth = 'http://localhost:3000/api/did/login/auth?_s_=abc&_t_=1a2b3c4d';

describe('deep links', () => {
  it('extracts the twice-encoded auth URL the server puts in the QR code', () => {
    const link = `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(encodeURIComponent(auth))}`;
    expect(authUrlFromDeepLink(link).toString()).toBe(auth);
  });

  it('accepts a once-encoded link, a didwallet.io link and a bare auth URL', () => {
    expect(
      authUrlFromDeepLink(
        `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(auth)}`,
      ).toString(),
    ).toBe(auth);
    expect(
      authUrlFromDeepLink(
        `https://didwallet.io/i/?action=requestAuth&url=${encodeURIComponent(auth)}`,
      ).toString(),
    ).toBe(auth);
    expect(authUrlFromDeepLink(`  ${auth} `).toString()).toBe(auth);
  });

  it('refuses other actions, missing URLs and non-http schemes', () => {
    expect(() => authUrlFromDeepLink('https://abtwallet.io/i/?action=other&url=x')).toThrow(/unknown action/);
    expect(() => authUrlFromDeepLink('https://abtwallet.io/i/?action=requestAuth')).toThrow(/no url/);
    expect(() => authUrlFromDeepLink('ftp://x/y')).toThrow(/scheme/);
    expect(() => authUrlFromDeepLink('not a url')).toThrow(/not a URL/);
  });

  it('compares origins exactly', () => {
    expect(sameOrigin(new URL('http://a.example:1/x'), new URL('http://a.example:1/y?z'))).toBe(true);
    expect(sameOrigin(new URL('http://a.example/x'), new URL('https://a.example/x'))).toBe(false);
  });
});
