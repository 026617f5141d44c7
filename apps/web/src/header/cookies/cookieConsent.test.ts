// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { consentCookie, isInIframe, readConsent, shouldShowBanner } from './cookieConsent';

describe('cookie consent', () => {
  it('reads only true or false answers', () => {
    expect(readConsent('a=1; CookieConsent=true')).toBe('true');
    expect(readConsent('CookieConsent=false')).toBe('false');
    expect(readConsent('CookieConsent=maybe')).toBeUndefined();
    expect(readConsent('')).toBeUndefined();
  });

  it('writes a year-long lax cookie, Secure only on https', () => {
    expect(consentCookie('true', 'http:')).toBe('CookieConsent=true; path=/; max-age=31536000; SameSite=Lax');
    expect(consentCookie('false', 'https:')).toBe(
      'CookieConsent=false; path=/; max-age=31536000; SameSite=Lax; Secure',
    );
  });

  it('shows the banner until answered, and not in an iframe unless asked', () => {
    expect(shouldShowBanner({ cookies: '', inIframe: false })).toBe(true);
    expect(shouldShowBanner({ cookies: 'CookieConsent=true', inIframe: false })).toBe(false);
    expect(shouldShowBanner({ cookies: 'CookieConsent=false', inIframe: false })).toBe(false);
    expect(shouldShowBanner({ cookies: '', inIframe: true })).toBe(false);
    expect(shouldShowBanner({ cookies: '', inIframe: true, displayInIframe: true })).toBe(true);
  });

  it('round-trips through document.cookie', () => {
    document.cookie = consentCookie('true', 'http:');
    expect(readConsent(document.cookie)).toBe('true');
    expect(isInIframe()).toBe(false);
  });
});
