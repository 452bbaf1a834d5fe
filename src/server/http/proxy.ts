// Which address a request comes from. Rate limits, the sign-in limits and the
// inquiry flood limit count by it, so a sender must not be able to choose it.
// `X-Forwarded-For` and friends are honoured only when the connection comes
// from a proxy named in TRUST_PROXY, and then only the hops those proxies
// added: the chain is read from the right, skipping trusted proxies, and the
// first address that is not one is the visitor (as Express's proxy-addr does).
// docs/decisions/014-trusted-proxies.md
import type http from 'node:http';
import net from 'node:net';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'] as const;

export type TrustedProxies = { list: net.BlockList; describe: string };

/** '::ffff:127.0.0.1' is 127.0.0.1: one address, one limit. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/**
 * TRUST_PROXY: empty or '0' trusts nobody; a list of addresses and subnets
 * ('127.0.0.1,::1', '10.0.0.0/8') trusts those; '1' (older set-ups) means the
 * loopback addresses. An entry that is not an address refuses to start.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return null;
  const entries = text === '1' || text.toLowerCase() === 'true' ? LOOPBACK : text.split(',').map((e) => e.trim()).filter(Boolean);
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUST_PROXY: '${entry}' ist keine IP-Adresse und kein Netz (z. B. 127.0.0.1,::1 oder 10.0.0.0/8)`);
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { list, describe: entries.join(', ') };
}

function trusted(proxies: TrustedProxies, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && proxies.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The peer's plain address, worked out once per connection (a kept-alive one carries many requests). */
const PEER = Symbol('anstoss.peer');
const PEER_TRUSTED = Symbol('anstoss.peerTrusted');
type PeerSocket = { remoteAddress?: string; [PEER]?: string; [PEER_TRUSTED]?: boolean };

/** Whether the connection comes from a trusted proxy, asked once per connection (the fast lane asks it too). */
export function isTrustedPeer(socket: object, proxies: TrustedProxies): boolean {
  const peerSocket = socket as PeerSocket;
  const peer = (peerSocket[PEER] ??= plainAddress(peerSocket.remoteAddress ?? ''));
  return (peerSocket[PEER_TRUSTED] ??= trusted(proxies, peer));
}

/** The visitor's address; strips forwarded headers a trusted proxy did not vouch for. */
export function resolveClientAddress(req: http.IncomingMessage, proxies: TrustedProxies | null): string {
  const socket = req.socket as unknown as PeerSocket;
  const peer = (socket[PEER] ??= plainAddress(socket.remoteAddress ?? ''));
  // one server, one list: whether its peer is a trusted proxy is asked once per connection too
  if (!proxies || !isTrustedPeer(socket, proxies)) {
    const headers = req.headers;
    for (const header of FORWARDED) if (headers[header] !== undefined) delete headers[header];
    return peer;
  }
  const header = req.headers['x-forwarded-for'];
  if (header === undefined) {
    // the proxy named nobody (its own health check, say): the proxy is the client
    req.headers['x-forwarded-for'] = peer;
    return peer;
  }
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter(Boolean);
  // from the right: the nearest hop first; a trusted proxy passes on to the one before it
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    // garbage is not an address: the last trusted hop is all we know
    if (net.isIP(hop) === 0) break;
    client = hop;
    if (!trusted(proxies, hop)) break;
  }
  // what Astro reads as clientAddress (it takes the first value)
  req.headers['x-forwarded-for'] = client;
  return client;
}
