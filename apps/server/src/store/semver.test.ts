import { describe, expect, it } from 'vitest';
import { compareSemver, isSemver } from './semver.js';

describe('semver', () => {
  it('accepts strict versions only', () => {
    expect(isSemver('1.2.3')).toBe(true);
    expect(isSemver('1.2.3-beta.1+build.5')).toBe(true);
    expect(isSemver('1.2')).toBe(false);
    expect(isSemver('01.2.3')).toBe(false);
    expect(isSemver('v1.2.3')).toBe(false);
  });
  it('orders by precedence', () => {
    expect(compareSemver('1.0.1', '1.0.0')).toBe(1);
    expect(compareSemver('1.10.0', '1.9.9')).toBe(1);
    expect(compareSemver('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareSemver('1.0.0-alpha.10', '1.0.0-alpha.9')).toBe(1);
    expect(compareSemver('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(compareSemver('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(compareSemver('1.0.0+a', '1.0.0+b')).toBe(0);
  });
});
