// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieBanner } from './CookieBanner';
import { STATIC_COOKIE_BANNER_ATTRIBUTE } from './staticBanner';

afterEach(() => {
  cleanup();
  document.cookie = 'CookieConsent=; max-age=0; path=/';
});

/** The page HTML's banners as the build writes them (one per locale when served as built). */
function addHtmlBanners(): void {
  for (const lang of ['en', 'zh']) {
    const el = document.createElement('div');
    el.setAttribute(STATIC_COOKIE_BANNER_ATTRIBUTE, '');
    el.setAttribute('lang', lang);
    document.body.append(el);
  }
}
const htmlBanners = () => document.querySelectorAll(`[${STATIC_COOKIE_BANNER_ATTRIBUTE}]`).length;

describe('the cookie banner taking over from the page HTML', () => {
  it('replaces the HTML banners with its own', () => {
    addHtmlBanners();
    render(<CookieBanner />);
    expect(htmlBanners()).toBe(0);
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
  });

  it('removes the HTML banners also when it stays hidden (consent already answered)', () => {
    document.cookie = 'CookieConsent=true; path=/';
    addHtmlBanners();
    render(<CookieBanner />);
    expect(htmlBanners()).toBe(0);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});
