// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, isStakingMode, normalizeMountPoint, parseAppConfig } from './appConfig';

describe('parseAppConfig', () => {
  it('reads permissionMode and the payment mount point', () => {
    const config = parseAppConfig({
      preferences: { permissionMode: 'staking' },
      componentMountPoints: [
        { name: 'store', mountPoint: '/' },
        { name: 'payment', mountPoint: '/pay/' },
      ],
    });
    expect(config).toEqual({ permissionMode: 'staking', paymentMountPoint: '/pay' });
    expect(isStakingMode(config)).toBe(true);
  });

  it.each([[null], ['text'], [[]], [{}], [{ preferences: 'x', componentMountPoints: {} }]])(
    'falls back to the defaults for %j',
    (raw) => {
      expect(parseAppConfig(raw)).toEqual(DEFAULT_APP_CONFIG);
      expect(isStakingMode(parseAppConfig(raw))).toBe(false);
    },
  );

  it('treats other permission modes as not staking', () => {
    expect(isStakingMode(parseAppConfig({ preferences: { permissionMode: 'invitation' } }))).toBe(false);
  });

  it('ignores a payment entry without a string mount point', () => {
    expect(
      parseAppConfig({ componentMountPoints: [{ name: 'payment', mountPoint: 3 }] }).paymentMountPoint,
    ).toBe('/payment');
  });
});

describe('normalizeMountPoint', () => {
  it.each([
    ['/payment', '/payment'],
    ['payment/', '/payment'],
    ['/a/b//', '/a/b'],
    ['/', '/'],
    ['', '/'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeMountPoint(raw)).toBe(expected);
  });
});
