import { describe, expect, it } from 'vitest';
import { lineProductName, localeKey, localizedProduct } from './translations.js';

const product = {
  name: 'Team plan',
  description: 'Monthly subscription',
  metadata: { translations: { zh: { name: '团队版', description: '按月订阅' } } },
};

describe('localizedProduct', () => {
  it('answers the zh texts for zh, zh-CN, zh-TW and tw', () => {
    for (const locale of ['zh', 'zh-CN', 'zh-TW', 'tw']) {
      expect(localizedProduct(product, locale)).toEqual({ name: '团队版', description: '按月订阅' });
    }
  });
  it('falls back to the product texts for other locales or missing fields', () => {
    expect(localizedProduct(product, 'en')).toEqual({
      name: 'Team plan',
      description: 'Monthly subscription',
    });
    const nameOnly = { ...product, metadata: { translations: { zh: { name: '团队版' } } } };
    expect(localizedProduct(nameOnly, 'zh')).toEqual({ name: '团队版', description: 'Monthly subscription' });
  });
  it('ignores malformed metadata instead of failing', () => {
    for (const metadata of [null, 'x', { translations: 'x' }, { translations: { zh: { name: 5 } } }]) {
      expect(localizedProduct({ ...product, metadata }, 'zh').name).toBe('Team plan');
    }
  });
  it('maps locales to the app keys', () => {
    expect(localeKey('en-US')).toBe('en');
    expect(localeKey('ZH_cn')).toBe('zh');
  });
});

describe('lineProductName', () => {
  const now = { name: 'Team plan 2026', metadata: { translations: { zh: { name: '团队版 2026' } } } };
  it('names a line by the texts it kept when billed, in the locale, even after the product changed', () => {
    const line = { billed_product: product, price: { product: now } };
    expect(lineProductName(line, 'zh')).toBe('团队版');
    expect(lineProductName(line, 'en')).toBe('Team plan');
  });
  it('reads an older line (no kept texts) from the product as it is now', () => {
    expect(lineProductName({ billed_product: null, price: { product: now } }, 'zh-CN')).toBe('团队版 2026');
    expect(lineProductName({ price: { product: { name: 'Plain' } } }, 'zh')).toBe('Plain');
  });
  it('answers null when the line has neither (its price deleted since)', () => {
    expect(lineProductName({ price: null }, 'zh')).toBeNull();
  });
});
