import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ownPortUse } from '../../core/own-ports.js';

/**
 * Addresses a live-mode webhook may never reach: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and documentation ranges, and
 * their IPv6 counterparts (IPv4-mapped, NAT64 and 6to4 forms are checked as the IPv4 they carry).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped/compatible, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return toV4(groups[6] ?? 0, groups[7] ?? 0);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return toV4(groups[6] ?? 0, groups[7] ?? 0);
  if (groups[0] === 0x2002) return toV4(groups[1] ?? 0, groups[2] ?? 0);
  return null;
}

function expandIpv6(address: string): number[] | null {
  if (address.includes('.')) return null;
  const [head = '', tail] = address.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const a = parse(head);
  const b = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? a : [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

/** Link-local (cloud metadata at 169.254.169.254, fe80::/10): never a webhook destination, in any mode. */
export function isLinkLocal(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return linkLocal.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  return v4 !== null ? isIP(v4) === 4 && linkLocal.check(v4, 'ipv4') : linkLocal.check(address, 'ipv6');
}

/** True when a live-mode webhook may be sent to this IP address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return isIP(v4) === 4 && !blocked.check(v4, 'ipv4');
  return !blocked.check(address, 'ipv6');
}

export class AddressRefused extends Error {
  constructor(
    readonly code: 'url_private_address' | 'url_link_local' | 'url_unresolvable' | 'url_own_port',
    readonly host: string,
    readonly address = '',
    readonly port = 0,
  ) {
    super(
      code === 'url_unresolvable'
        ? `The host '${host}' does not resolve`
        : code === 'url_link_local'
          ? `The host '${host}' resolves to ${address}, a link-local address (such as cloud metadata), where webhooks never go`
          : code === 'url_own_port'
            ? `The address ${address}:${port} of host '${host}' is one of this server's own ports (its database, demo chain or web server), where webhooks never go`
            : `The host '${host}' resolves to ${address}, a private, loopback or reserved address; live-mode webhooks go to public addresses only`,
    );
  }
}

export interface Resolved {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a URL's host to every address it has, refuses it when any is link-local, when `port` is one
 * of this server's own and any address is not public, and, unless private addresses are allowed (test
 * mode), when any of them is not public: a name that answers one public and one
 * private address could be steered to the private one. The caller connects only to these addresses.
 */
export async function resolveChecked(hostname: string, allowPrivate: boolean, port = 0): Promise<Resolved[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: Resolved[];
  if (literal === 4 || literal === 6) addresses = [{ address: host, family: literal }];
  else {
    try {
      const found = await lookup(host, { all: true, verbatim: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      throw new AddressRefused('url_unresolvable', host.slice(0, 200));
    }
  }
  if (addresses.length === 0) throw new AddressRefused('url_unresolvable', host.slice(0, 200));
  const local = addresses.find((a) => isLinkLocal(a.address));
  if (local) throw new AddressRefused('url_link_local', host.slice(0, 200), local.address);
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new AddressRefused('url_private_address', host.slice(0, 200), refused.address);
    }
  }
  // On this host (loopback, or a private address that may be this machine's), never a port the server
  // itself runs: its database, demo chain or web server.
  const own = ownPortUse(port) ? addresses.find((a) => !isPublicAddress(a.address)) : undefined;
  if (own) throw new AddressRefused('url_own_port', host.slice(0, 200), own.address, port);
  return addresses;
}
