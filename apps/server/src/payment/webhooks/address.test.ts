import { describe, expect, it } from 'vitest';
import { claimOwnPort } from '../../core/own-ports.js';
import { isLinkLocal, isPublicAddress, resolveChecked } from './address.js';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses their IPv6 forms, mapped and translated ones included', () => {
    for (const ip of [
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fc00::abcd',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:0101::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('accepts public addresses and refuses what is not an address', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('isLinkLocal', () => {
  it('knows cloud metadata and link-local IPv6, mapped forms included', () => {
    for (const ip of [
      '169.254.169.254',
      '169.254.0.1',
      'fe80::1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isLinkLocal(ip), ip).toBe(true);
    }
    for (const ip of ['127.0.0.1', '10.0.0.1', '8.8.8.8', '::1']) expect(isLinkLocal(ip), ip).toBe(false);
  });
});

describe('resolveChecked', () => {
  it('refuses link-local addresses even where private ones are allowed', async () => {
    await expect(resolveChecked('169.254.169.254', true)).rejects.toMatchObject({ code: 'url_link_local' });
    await expect(resolveChecked('[fe80::1]', true)).rejects.toMatchObject({ code: 'url_link_local' });
  });

  it('refuses a private literal or a name resolving to loopback unless private addresses are allowed', async () => {
    await expect(resolveChecked('127.0.0.1', false)).rejects.toMatchObject({ code: 'url_private_address' });
    await expect(resolveChecked('[::1]', false)).rejects.toMatchObject({ code: 'url_private_address' });
    await expect(resolveChecked('localhost', false)).rejects.toMatchObject({ code: 'url_private_address' });
    expect(await resolveChecked('127.0.0.1', true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolveChecked('no-such-host.invalid', true)).rejects.toMatchObject({
      code: 'url_unresolvable',
    });
  });

  it("refuses the server's own ports on loopback or private addresses, not on public ones", async () => {
    const release = claimOwnPort(54321, 'database');
    try {
      for (const host of ['127.0.0.1', '[::1]', '0.0.0.0', '10.0.0.5']) {
        await expect(resolveChecked(host, true, 54321)).rejects.toMatchObject({
          code: 'url_own_port',
          port: 54321,
        });
      }
      expect(await resolveChecked('127.0.0.1', true, 54322)).toHaveLength(1);
      expect(await resolveChecked('8.8.8.8', true, 54321)).toHaveLength(1);
    } finally {
      release();
    }
    expect(await resolveChecked('127.0.0.1', true, 54321)).toHaveLength(1);
  });
});
