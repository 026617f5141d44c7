import { describe, expect, it } from 'vitest';
import { localeKey, localizedProduct } from './translations.js';

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
