// Fetching a league portal's calendar address for the import, on the server,
// without letting an admin's URL reach into our own network (SSRF): only
// http and https, every address the host name resolves to checked at connect
// time (so a DNS answer that changes between check and connect cannot slip
// past), redirects re-checked, a time limit, a size limit, and only
// text/calendar or text/plain. Loopback is allowed only with
// IMPORT_ALLOW_LOOPBACK=1, for tests (docs/decisions/029-match-import.md).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { FETCH_TEXTS as T } from '../../../lib/match-import/texts';
import { decodeText } from '../../../lib/text-decoding';

export const IMPORT_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

/** A refusal with a German message for the admin. */
export class ImportFetchRefused extends Error {
  override name = 'ImportFetchRefused';
}

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
// beside the private, link-local and multicast ranges, every form that carries an IPv4 address or tunnels to
// one (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, local NAT64, 6to4, Teredo) and the old
// site-local range: no league portal is reached through them, and the host's routing decides where they lead
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

type LookupAll = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => void;

/** dns.lookup that refuses a host if any of its addresses is refused (checked where the socket connects). */
function guardedLookup(allowLoopback: boolean): LookupAll {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error || addresses.length === 0) return callback(new ImportFetchRefused(T.unresolvable));
      if (addresses.some((a) => isRefusedAddress(a.address, allowLoopback))) return callback(new ImportFetchRefused(T.privateAddress));
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function checkedUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ImportFetchRefused(T.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportFetchRefused(T.protocol);
  if (url.username || url.password) throw new ImportFetchRefused(T.credentials);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // an address written out is connected to without a lookup, so it is checked here
  if (net.isIP(host) && isRefusedAddress(host, allowLoopback)) throw new ImportFetchRefused(T.privateAddress);
  return url;
}

type Limits = typeof IMPORT_FETCH_LIMITS & { allowLoopback: boolean };

function getOnce(url: URL, limits: Limits, signal: AbortSignal): Promise<{ redirect: string } | { text: string }> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(url, { lookup: guardedLookup(limits.allowLoopback) as never, signal, headers: { accept: 'text/calendar, text/plain;q=0.9', 'user-agent': 'Anstoss-Spielplanimport' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ redirect: new URL(response.headers.location, url).href });
      }
      if (status !== 200) {
        response.resume();
        return reject(new ImportFetchRefused(T.status(status)));
      }
      const [typeText, ...parameters] = (response.headers['content-type'] ?? '').split(';');
      const type = typeText.trim().toLowerCase();
      const charset = parameters.map((p) => p.trim().match(/^charset="?([^";]+)"?$/i)?.[1]).find(Boolean);
      if (type !== 'text/calendar' && type !== 'text/plain') {
        response.resume();
        return reject(new ImportFetchRefused(T.contentType(type || 'unbekannt')));
      }
      const tooLarge = () => new ImportFetchRefused(T.tooLarge(Math.round(limits.maxBytes / 1024 / 1024)));
      if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
        response.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ text: decodeText(Buffer.concat(chunks), charset) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The calendar's text, or an ImportFetchRefused with the German reason. */
export async function fetchCalendarText(raw: string, options: Partial<Limits> = {}): Promise<string> {
  const limits: Limits = { ...IMPORT_FETCH_LIMITS, allowLoopback: importAllowsLoopback(), ...options };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkedUrl(raw, limits.allowLoopback);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      const result = await getOnce(url, limits, signal);
      if ('text' in result) return result.text;
      url = checkedUrl(result.redirect, limits.allowLoopback);
    }
  } catch (error) {
    if (error instanceof ImportFetchRefused) throw error;
    if (signal.aborted) throw new ImportFetchRefused(T.timeout(Math.ceil(limits.timeoutMs / 1000)));
    throw new ImportFetchRefused(T.network);
  }
  throw new ImportFetchRefused(T.redirects);
}
