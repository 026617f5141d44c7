import { describe, expect, it } from 'vitest';
import { PRODUCT_GROUPS, productUrl, type ProductEntry } from './products';

const all = PRODUCT_GROUPS.flatMap((group) => group.entries);
const byLabel = (label: string): ProductEntry => {
  const found = all.find((entry) => entry.label === label);
  if (!found) throw new Error(`no entry ${label}`);
  return found;
};

describe('product switcher entries', () => {
  it('has four groups of five, twenty entries with distinct labels', () => {
    expect(PRODUCT_GROUPS.map((g) => g.id)).toEqual([
      'applications',
      'components',
      'computeStorage',
      'identity',
    ]);
    expect(PRODUCT_GROUPS.map((g) => g.entries.length)).toEqual([5, 5, 5, 5]);
    expect(new Set(all.map((e) => e.label)).size).toBe(20);
  });

  it('has an en and a zh description for every entry', () => {
    for (const entry of all) {
      expect(entry.description.en.length, entry.label).toBeGreaterThan(0);
      expect(entry.description.zh, entry.label).not.toBe(entry.description.en);
    }
  });

  it('puts the locale in the path', () => {
    expect(productUrl(byLabel('NFT Studio'), 'zh')).toBe('https://www.nftstudio.rocks/zh');
    expect(productUrl(byLabel('Payment Kit'), 'en')).toBe('https://www.blocklet.io/en/payment-kit');
    expect(productUrl(byLabel('VC'), 'zh')).toBe(
      'https://www.arcblock.io/content/collections/zh/verifiable-credential',
    );
    expect(productUrl(byLabel('DID Connect'))).toBe('https://www.didconnect.io/en');
  });

  it('puts the locale in the query for the store', () => {
    expect(productUrl(byLabel('Blocklet Store'), 'zh')).toBe('https://store.blocklet.dev/?locale=zh');
    expect(productUrl(byLabel('Blocklet Store'), 'en')).toBe('https://store.blocklet.dev/?locale=en');
  });

  it('leaves AIGNE and ABT Network without a locale', () => {
    const none = all.filter((e) => e.rule === 'none').map((e) => e.label);
    expect(none).toEqual(['AIGNE', 'ABT Network']);
    expect(productUrl(byLabel('AIGNE'), 'zh')).toBe('https://www.aigne.io/');
    expect(productUrl(byLabel('ABT Network'), 'zh')).toBe('https://main.abtnetwork.io/');
  });

  it('builds only https addresses without a leftover placeholder', () => {
    for (const entry of all) {
      for (const locale of ['en', 'zh'] as const) {
        const url = productUrl(entry, locale);
        expect(url.startsWith('https://'), url).toBe(true);
        expect(url, url).not.toContain('{l}');
      }
    }
  });
});
