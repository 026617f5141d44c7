// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_COOKIE, readCookie } from './cookie';
import { detectLocale } from './detectLocale';
import { normalizeLocale, resolveLocale } from './locale';

describe('normalizeLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['zh-Hant-HK', 'zh'],
    ['tw', 'zh'],
  ])('maps %s to %s', (tag, locale) => {
    expect(normalizeLocale(tag)).toBe(locale);
  });

  it.each([['fr'], ['de-DE'], [''], [null], [undefined]])('does not support %s', (tag) => {
    expect(normalizeLocale(tag)).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  it('prefers the query over the cookie and the browser', () => {
    expect(resolveLocale({ query: 'zh', cookie: 'en', languages: ['en-US'] })).toBe('zh');
  });

  it('uses the cookie when there is no supported query', () => {
    expect(resolveLocale({ query: 'fr', cookie: 'zh', languages: ['en-US'] })).toBe('zh');
    expect(resolveLocale({ cookie: 'en', languages: ['zh-CN'] })).toBe('en');
  });

  it('uses the first supported browser language next', () => {
    expect(resolveLocale({ languages: ['fr-FR', 'zh-TW', 'en'] })).toBe('zh');
    expect(resolveLocale({ cookie: 'xx', languages: ['de', 'en-GB'] })).toBe('en');
  });

  it('falls back to English', () => {
    expect(resolveLocale({})).toBe('en');
    expect(resolveLocale({ query: 'fr', cookie: 'de', languages: ['ja'] })).toBe('en');
  });

  it('maps tw to zh from every source', () => {
    expect(resolveLocale({ query: 'tw' })).toBe('zh');
    expect(resolveLocale({ cookie: 'tw' })).toBe('zh');
    expect(resolveLocale({ languages: ['tw'] })).toBe('zh');
  });
});

describe('detectLocale', () => {
  afterEach(() => {
    document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('reads the query, then the nf_lang cookie, then navigator.languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    expect(detectLocale()).toBe('zh');

    document.cookie = `${LOCALE_COOKIE}=en; path=/`;
    expect(detectLocale()).toBe('en');

    window.history.replaceState(null, '', '/?locale=tw');
    expect(detectLocale()).toBe('zh');
  });
});

describe('readCookie', () => {
  it('finds one cookie among many', () => {
    expect(readCookie('a=1; nf_lang=zh; b=2', 'nf_lang')).toBe('zh');
    expect(readCookie('a=1', 'nf_lang')).toBeUndefined();
    expect(readCookie('x_nf_lang=en', 'nf_lang')).toBeUndefined();
  });
});
