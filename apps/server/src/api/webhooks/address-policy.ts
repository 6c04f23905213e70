import { BlockList, isIPv4 } from 'node:net';

/**
 * Which addresses a webhook may be sent to (issue 30). Everything that is not the public
 * internet is refused: private, loopback, link-local, carrier-grade NAT, multicast, reserved,
 * documentation and unspecified ranges, and IPv6 forms that can reach them (NAT64, 6to4,
 * Teredo, IPv4-compatible and IPv4-translated, refused whole; an IPv4-mapped address is checked
 * as the IPv4 it holds). Loopback is allowed, for local receivers, only when `production` is
 * false: outside production with APP_URL itself on loopback (config's `localWebhooks`).
 */
const notPublic = new BlockList();
const v4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const v6: [string, number][] = [
  ['::', 96], // unspecified (::), loopback (::1) and IPv4-compatible ::a.b.c.d (deprecated)
  ['::ffff:0:0:0', 96], // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of v4) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of v6) notPublic.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:10.0.0.1`, `::ffff:a00:1`). */
function mappedIPv4(address: string): string | undefined {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1).toLowerCase();
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return undefined;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isLoopback(address: string): boolean {
  const family = isIPv4(address) ? 'ipv4' : 'ipv6';
  const inner = family === 'ipv6' ? mappedIPv4(address) : undefined;
  return inner ? loopback.check(inner, 'ipv4') : loopback.check(address, family);
}

/** True when a webhook may be sent to `address` (an IP literal, as dns.lookup answers). */
export function isAllowedAddress(address: string, production: boolean): boolean {
  if (!production && isLoopback(address)) return true;
  if (isIPv4(address)) return !notPublic.check(address, 'ipv4');
  const inner = mappedIPv4(address);
  if (inner) return !notPublic.check(inner, 'ipv4');
  return !notPublic.check(address, 'ipv6');
}
