import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, withPolicyMeta } from './csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, exactly as written', () => {
    const html = `<head><script>a()</script></head><body><script type="module">b()\n</script><script>a()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()\n')]);
  });

  it('leaves out scripts loaded from a file and data blocks such as JSON-LD', () => {
    const html = `<script type="module" src="/_astro/x.js"></script><script type="application/ld+json">{"@type":"Event"}</script><script src='/y.js' defer></script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows our own files and the listed inline scripts, nothing inline beyond them', () => {
    const policy = contentSecurityPolicy('<script>go()</script>');
    expect(policy).toContain(`script-src 'self' ${sha('go()')};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });
});

describe('withPolicyMeta', () => {
  it('puts the policy right after the charset, before any script', () => {
    const html = '<!doctype html><html><head><meta charset="utf-8" /><script>x()</script></head></html>';
    const out = withPolicyMeta(html, "script-src 'self'");
    expect(out).toBe(
      `<!doctype html><html><head><meta charset="utf-8" /><meta http-equiv="content-security-policy" content="script-src 'self'"><script>x()</script></head></html>`,
    );
  });
});
