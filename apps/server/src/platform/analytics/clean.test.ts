import { describe, expect, it } from 'vitest';
import { cleanEventName, cleanPagePath, isBot, lastDays } from './clean.js';

describe('isBot', () => {
  it('ignores crawlers, scripts and empty user agents, not browsers', () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot('')).toBe(true);
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(
      isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36'),
    ).toBe(true);
    expect(
      isBot('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'),
    ).toBe(false);
    expect(
      isBot('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe(false);
  });
});

describe('cleanPagePath', () => {
  it('normalises slashes, decodes and drops the query', () => {
    expect(cleanPagePath('')).toBe('/');
    expect(cleanPagePath('store//apps/')).toBe('/store/apps');
    expect(cleanPagePath('search?q=secret')).toBe('/search');
    expect(cleanPagePath('category/%E4%BA%A7%E5%93%81')).toBe('/category/产品');
    expect(cleanPagePath('bad/%E4%ZZ')).toBe('/bad/%E4%ZZ');
  });

  it('caps the length and refuses control characters', () => {
    expect(cleanPagePath('a'.repeat(500))?.length).toBe(200);
    expect(cleanPagePath('a/%0Ab')).toBeNull();
  });
});

describe('cleanEventName', () => {
  it('trims, decodes, caps and refuses empty names', () => {
    expect(cleanEventName('checkout.submit')).toBe('checkout.submit');
    expect(cleanEventName('%20signup%20')).toBe('signup');
    expect(cleanEventName('')).toBeNull();
    expect(cleanEventName('x'.repeat(300))?.length).toBe(100);
  });
});

describe('lastDays', () => {
  it('lists UTC dates oldest first, ending today, across a month boundary', () => {
    expect(lastDays(3, new Date('2026-03-01T23:30:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays(1, new Date('2026-01-01T00:00:00Z'))).toEqual(['2026-01-01']);
  });
});
