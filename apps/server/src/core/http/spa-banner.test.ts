import { describe, expect, it } from 'vitest';
import { bannerLocale, pageFor, splitBanners } from './spa-banner.js';

const HTML =
  '<body><div id="root"></div><!--cookie-banner:en--><p>EN</p><!--/cookie-banner:en-->' +
  '<!--cookie-banner:zh--><p>ZH</p><!--/cookie-banner:zh--></body>';
const pages = splitBanners(HTML);
const req = (over: {
  query?: object;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}) => ({
  query: over.query ?? {},
  cookies: over.cookies ?? {},
  headers: over.headers ?? {},
});

describe('the cookie banner in the page HTML', () => {
  it('keeps exactly one banner, in the visitor’s locale, without the markers', () => {
    expect(pageFor(pages, req({}))).toBe('<body><div id="root"></div><p>EN</p></body>');
    expect(pageFor(pages, req({ headers: { 'accept-language': 'fr-FR,zh-TW;q=0.8,en;q=0.5' } }))).toBe(
      '<body><div id="root"></div><p>ZH</p></body>',
    );
  });

  it('picks the locale as the app does: query, then cookie, then the browser’s languages', () => {
    const headers = { 'accept-language': 'zh-CN' };
    expect(bannerLocale(req({ query: { locale: 'en' }, cookies: { nf_lang: 'zh' }, headers }))).toBe('en');
    expect(bannerLocale(req({ cookies: { nf_lang: 'tw' }, headers: { 'accept-language': 'en' } }))).toBe(
      'zh',
    );
    expect(bannerLocale(req({ headers: { 'accept-language': 'de, fr' } }))).toBe('en');
  });

  it('leaves it out once consent is answered or when the page loads into a frame', () => {
    const none = '<body><div id="root"></div></body>';
    expect(pageFor(pages, req({ cookies: { CookieConsent: 'true' } }))).toBe(none);
    expect(pageFor(pages, req({ cookies: { CookieConsent: 'false' } }))).toBe(none);
    expect(pageFor(pages, req({ headers: { 'sec-fetch-dest': 'iframe' } }))).toBe(none);
    expect(pageFor(pages, req({ cookies: { CookieConsent: 'maybe' } }))).toContain('<p>EN</p>');
  });

  it('serves a page without banners as it is', () => {
    expect(pageFor(splitBanners('<p>plain</p>'), req({}))).toBe('<p>plain</p>');
  });
});
