import { describe, expect, it } from 'vitest';
import { canManagePassport, hasAnyRole, isDeveloperRoles, primaryRole } from './roles.js';

describe('roles', () => {
  it('names the highest passport as the role, guest without passports', () => {
    expect(primaryRole([])).toBe('guest');
    expect(primaryRole(['developer'])).toBe('developer');
    expect(primaryRole(['developer', 'member'])).toBe('member');
    expect(primaryRole(['member', 'owner', 'admin'])).toBe('owner');
  });

  it('makes anyone with a developer passport a developer, whatever else they hold', () => {
    expect(isDeveloperRoles(['owner'])).toBe(false);
    expect(isDeveloperRoles(['admin', 'developer'])).toBe(true);
  });

  it('admits any matching passport, and everyone when guest is allowed', () => {
    expect(hasAnyRole(['member', 'admin'], ['admin'])).toBe(true);
    expect(hasAnyRole(['member'], ['owner', 'admin'])).toBe(false);
    expect(hasAnyRole([], ['guest'])).toBe(true);
  });

  it('lets owners manage admin/member/developer, admins member/developer, nobody owner', () => {
    for (const role of ['admin', 'member', 'developer'] as const)
      expect(canManagePassport(['owner'], role)).toBe(true);
    expect(canManagePassport(['admin'], 'admin')).toBe(false);
    expect(canManagePassport(['admin'], 'developer')).toBe(true);
    expect(canManagePassport(['admin'], 'member')).toBe(true);
    expect(canManagePassport(['member', 'developer'], 'developer')).toBe(false);
    expect(canManagePassport(['owner'], 'owner')).toBe(false);
  });
});
