import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, withPolicyMetaBytes } from './csp';

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

describe('the scripts the build knows (trusted-scripts.json)', () => {
  it('lists only inline scripts the build emits: one that got into the page otherwise is left out, and does not run', () => {
    const trusted = new Set([sha('astroIsland()'), sha('nav()')]);
    // a title whose escaping failed, say: a script that reads the admin's data
    const page = `<head><meta charset="utf-8"><title>Derby</title><script>fetch('/api/admin/users')</script></head><body><script>astroIsland()</script><script type="module">nav()</script></body>`;
    expect(inlineScriptHashes(page, trusted)).toEqual([sha('astroIsland()'), sha('nav()')]);
    const policy = contentSecurityPolicy(page, trusted);
    expect(policy).toContain(`script-src 'self' ${sha('astroIsland()')} ${sha('nav()')};`);
    expect(policy).not.toContain(sha("fetch('/api/admin/users')"));
    expect(withPolicyMetaBytes(Buffer.from(page), trusted).toString()).not.toContain(sha("fetch('/api/admin/users')"));
  });
});

describe('withPolicyMetaBytes', () => {
  const meta = (html: string) => `<meta http-equiv="content-security-policy" content="${contentSecurityPolicy(html).replace(/"/g, '&quot;')}">`;

  it('puts the policy of the page right after the charset, before any script', () => {
    const html = '<!doctype html><html><head><meta charset="utf-8" /><script>x()</script></head></html>';
    const out = withPolicyMetaBytes(Buffer.from(html)).toString('utf8');
    expect(out).toBe(`<!doctype html><html><head><meta charset="utf-8" />${meta(html)}<script>x()</script></head></html>`);
    expect(out).toContain(sha('x()'));
  });

  it('hashes scripts with umlauts and emoji exactly as the text they are, and keeps every other byte', () => {
    // multi-byte characters before, inside and after the scripts: offsets in bytes, not characters
    const html = `<html><head lang="de"><title>Grün-Weiß ⚽</title><script>t("Spielbericht: Hönigtal – Gnas 2:1 🎉")</script></head><body>Ä<script type="module">ö()</script><script type="application/ld+json">{"name":"Jürgen"}</script>ß</body></html>`;
    const out = withPolicyMetaBytes(Buffer.from(html, 'utf8')).toString('utf8');
    expect(out).toBe(html.replace('<head lang="de">', `<head lang="de">${meta(html)}`));
    expect(inlineScriptHashes(html)).toEqual([sha('t("Spielbericht: Hönigtal – Gnas 2:1 🎉")'), sha('ö()')]);
    expect(out).toContain(`script-src 'self' ${sha('t("Spielbericht: Hönigtal – Gnas 2:1 🎉")')} ${sha('ö()')};`);
  });

  it('leaves a page with neither charset nor head as it is', () => {
    const page = Buffer.from('Nicht gefunden – ä');
    expect(withPolicyMetaBytes(page).equals(page)).toBe(true);
  });
});
