// Whether an address the server is asked to fetch from is on the public internet (SSRF): the calendar import's
// address (an admin's) and the old app's image addresses (the old data's writer's) must not reach into our own
// network or this machine. The check runs where the socket connects (a DNS answer that changes between a check
// and the connect cannot slip past); loopback is allowed only with IMPORT_ALLOW_LOOPBACK=1, for tests
// (docs/decisions/029-match-import.md).
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
// beside the private, link-local and multicast ranges, every form that carries an IPv4 address or tunnels to
// one (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, local NAT64, 6to4, Teredo) and the old
// site-local range: no public server is reached through them, and the host's routing decides where they lead
for (const [network, prefix] of [
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

const isLoopback = (address: string) => (net.isIPv4(address) && address.startsWith('127.')) || address === '::1';

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isRefusedAddress(address: string, allowLoopback = false): boolean {
  // an IPv4 address written as IPv6 (::ffff:10.0.0.1, NAT64 64:ff9b::a00:1) counts as the IPv4 address
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isRefusedAddress(mapped[1], allowLoopback);
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
    return isRefusedAddress([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), allowLoopback);
  }
  if (allowLoopback && isLoopback(address)) return false;
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family === null || blocked.check(address, family);
}

/** Read at call time: the test servers set it in their own environment. */
export const importAllowsLoopback = () => process.env.IMPORT_ALLOW_LOOPBACK === '1';

/** Whether a URL's host is an address written out that is refused (it is connected to without a lookup). */
export function writtenOutRefused(url: URL, allowLoopback: boolean): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) !== 0 && isRefusedAddress(host, allowLoopback);
}

type LookupAll = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => void;

/**
 * dns.lookup for http.get's `lookup` that refuses a host if any of its addresses is refused; `refusal` makes
 * the caller's error, for a name that does not resolve ('unresolvable') or one that leads inside ('private').
 */
export function guardedLookup(allowLoopback: boolean, refusal: (kind: 'unresolvable' | 'private') => Error): LookupAll {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error || addresses.length === 0) return callback(refusal('unresolvable'));
      if (addresses.some((a) => isRefusedAddress(a.address, allowLoopback))) return callback(refusal('private'));
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
