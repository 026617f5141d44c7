import { describe, expect, it } from 'vitest';
import { blockletManifest, blockletName, bundlePath, compareSemver } from './manifest.js';

const DID = 'z8iZpnScvx1hnqvaZbUxrx7pFBuF9Z4cCSmK3';
const base = {
  did: DID,
  name: 'hello-app',
  version: '1.0.0',
  title: 'Hello',
  description: 'Says hello',
};

const issues = (input: unknown) => {
  const r = blockletManifest.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('blocklet.json manifest', () => {
  it('accepts a minimal manifest and fills the list defaults', () => {
    const m = blockletManifest.parse({ ...base, did: `did:abt:${DID}` });
    expect(m).toMatchObject({ did: DID, screenshots: [], keywords: [], dependencies: [] });
    expect(m.price).toBeUndefined();
  });

  it('accepts a full manifest with a price as a decimal string', () => {
    const m = blockletManifest.parse({
      ...base,
      logo: 'logo.png',
      screenshots: ['screens/1.png', 'screens/2.jpg'],
      readme: 'README.md',
      keywords: ['chat', '聊天'],
      dependencies: [{ did: DID, version: '^1.2.0' }],
      price: { amount: '9.99', currency: 'USD' },
    });
    expect(m.price).toEqual({ amount: '9.99', currency: 'USD' });
  });

  it('applies the store name rule: letters, digits, hyphen, underscore, 2 to 64 characters', () => {
    expect(blockletName.safeParse('my_app-2').success).toBe(true);
    for (const bad of ['a', 'x'.repeat(65), 'my app', 'app!', 'über', '']) {
      expect(blockletName.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses versions that are not semver, a non-ABT did, and a numeric or zero price', () => {
    expect(issues({ ...base, version: '1.0' })).toEqual(['version']);
    expect(issues({ ...base, version: 'v1.0.0' })).toEqual(['version']);
    expect(issues({ ...base, did: '0xabc' })).toEqual(['did']);
    expect(issues({ ...base, price: { amount: 9.99, currency: 'USD' } })).toEqual(['price.amount']);
    expect(issues({ ...base, price: { amount: '0.00', currency: 'USD' } })).toEqual(['price.amount']);
    expect(issues({ ...base, price: { amount: '1', currency: 'usd' } })).toEqual(['price.currency']);
  });

  it('bounds every string and list', () => {
    expect(issues({ ...base, title: 'x'.repeat(81) })).toEqual(['title']);
    expect(issues({ ...base, title: '   ' })).toEqual(['title']);
    expect(issues({ ...base, description: 'x'.repeat(501) })).toEqual(['description']);
    expect(issues({ ...base, keywords: Array(21).fill('k') })).toEqual(['keywords']);
    expect(issues({ ...base, screenshots: Array(11).fill('a.png') })).toEqual(['screenshots']);
    expect(issues({ ...base, title: 'a\u0000b' })).toEqual(['title']);
  });

  it('refuses file paths that leave the bundle', () => {
    for (const bad of ['/etc/passwd', '../x.png', 'a/../../x', 'a\\b.png', './a.png', 'a//b', '']) {
      expect(bundlePath.safeParse(bad).success, bad).toBe(false);
    }
    expect(bundlePath.safeParse('assets/logo.png').success).toBe(true);
    expect(issues({ ...base, logo: '../logo.png' })).toEqual(['logo']);
  });
});

describe('compareSemver', () => {
  it('orders by semver precedence, prereleases below the release, build metadata ignored', () => {
    const sorted = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 1; i < sorted.length; i++) {
      expect(compareSemver(sorted[i - 1] ?? '', sorted[i] ?? '')).toBe(-1);
      expect(compareSemver(sorted[i] ?? '', sorted[i - 1] ?? '')).toBe(1);
    }
    expect(compareSemver('1.0.0+build.1', '1.0.0')).toBe(0);
    // Numeric identifiers rank below alphanumeric ones.
    expect(compareSemver('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(() => compareSemver('1.0', '1.0.0')).toThrow('not a semantic version: 1.0');
  });
});
