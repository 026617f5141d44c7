import { describe, expect, it } from 'vitest';
import {
  DOMAIN_WARNING_SNOOZE_MS,
  domainWarningVariant,
  isSnoozed,
  isTemporaryHost,
  shouldShowDomainWarning,
} from './domainWarning';

const now = Date.parse('2026-03-01T00:00:00Z');
const base = { hostname: 'demo.ip.abtnet.io', pathname: '/', mobile: false, skippedAt: null, now };

describe('domain warning', () => {
  it('recognises the two temporary suffixes only', () => {
    expect(isTemporaryHost('192-168-1-2.ip.abtnet.io')).toBe(true);
    expect(isTemporaryHost('zNK.did.abtnet.io')).toBe(true);
    expect(isTemporaryHost('ZNK.DID.ABTNET.IO.')).toBe(true);
    expect(isTemporaryHost('abtnet.io')).toBe(false);
    expect(isTemporaryHost('ip.abtnet.io.example.com')).toBe(false);
    expect(isTemporaryHost('localhost')).toBe(false);
  });

  it('shows on a temporary host, on a large screen, outside the domain settings page', () => {
    expect(shouldShowDomainWarning(base)).toBe(true);
    expect(shouldShowDomainWarning({ ...base, hostname: 'shop.example.com' })).toBe(false);
    expect(shouldShowDomainWarning({ ...base, mobile: true })).toBe(false);
    expect(shouldShowDomainWarning({ ...base, pathname: '/.well-known/service/admin/domains' })).toBe(false);
  });

  it('snoozes for 30 days after Remind Me Later', () => {
    const recent = new Date(now - DOMAIN_WARNING_SNOOZE_MS + 1000).toISOString();
    const old = new Date(now - DOMAIN_WARNING_SNOOZE_MS - 1000).toISOString();
    expect(isSnoozed(recent, now)).toBe(true);
    expect(isSnoozed(old, now)).toBe(false);
    expect(isSnoozed('garbage', now)).toBe(false);
    expect(shouldShowDomainWarning({ ...base, skippedAt: recent })).toBe(false);
    expect(shouldShowDomainWarning({ ...base, skippedAt: old })).toBe(true);
  });

  it('gives owners and admins the owner version', () => {
    expect(domainWarningVariant('owner')).toBe('owner');
    expect(domainWarningVariant('admin')).toBe('owner');
    expect(domainWarningVariant('member')).toBe('guest');
    expect(domainWarningVariant(undefined)).toBe('guest');
  });
});
