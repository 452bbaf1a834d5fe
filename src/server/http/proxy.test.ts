import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, resolveClientAddress } from './proxy';

/** A request as node:http hands it over: the peer's address and the headers it sent. */
function request(peer: string, headers: Record<string, string> = {}) {
  return { socket: { remoteAddress: peer }, headers: { ...headers } } as unknown as http.IncomingMessage;
}

describe('resolveClientAddress', () => {
  const nginx = parseTrustProxy('127.0.0.1,::1');

  it('without TRUST_PROXY: the peer, and forged forwarded headers are dropped', () => {
    const req = request('203.0.113.9', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https', forwarded: 'for=1.2.3.4' });
    expect(resolveClientAddress(req, null)).toBe('203.0.113.9');
    expect(req.headers).toEqual({});
  });

  it('a sender that is not a trusted proxy cannot choose its address, however it rotates the header', () => {
    const addresses = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const req = request('198.51.100.7', { 'x-forwarded-for': `10.0.${i}.1` });
      addresses.add(resolveClientAddress(req, nginx));
      expect(req.headers['x-forwarded-for']).toBeUndefined();
    }
    expect([...addresses]).toEqual(['198.51.100.7']);
  });

  it('behind a trusted proxy: the hop it added (the rightmost), not what the visitor wrote before it', () => {
    // nginx appends the address it saw: "forged, real"
    const req = request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    expect(resolveClientAddress(req, nginx)).toBe('203.0.113.9');
    // what Astro's clientAddress will read
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('passes over a chain of trusted proxies (a CDN in front of nginx) and IPv4-mapped peers', () => {
    const proxies = parseTrustProxy('::1, 10.0.0.0/8');
    const req = request('::ffff:10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.9.9.9' });
    expect(resolveClientAddress(req, proxies)).toBe('203.0.113.9');
  });

  it('a trusted proxy without the header, or with garbage in it, leaves the last address known', () => {
    expect(resolveClientAddress(request('::1'), nginx)).toBe('::1');
    expect(resolveClientAddress(request('127.0.0.1', { 'x-forwarded-for': 'unbekannt' }), nginx)).toBe('127.0.0.1');
  });
});

describe('parseTrustProxy', () => {
  it('off when empty or 0; "1" of older set-ups means loopback', () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy('0')).toBeNull();
    expect(parseTrustProxy('1')?.describe).toBe('127.0.0.0/8, ::1/128');
  });

  it('refuses an entry that is not an address, in German', () => {
    expect(() => parseTrustProxy('127.0.0.1,nginx')).toThrow("TRUST_PROXY: 'nginx' ist keine IP-Adresse und kein Netz");
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow('TRUST_PROXY');
  });
});
