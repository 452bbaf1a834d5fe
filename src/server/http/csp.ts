// Content Security Policy for every HTML page (docs/decisions/010-content-security-policy.md).
// Scripts run only from our own files or when their exact text is listed by
// hash: the few inline scripts a page has (Astro's island loader, the early
// install-prompt catcher) are hashed from the page itself, so an injected
// <script> or event handler attribute never runs even if escaping ever failed.
import { createHash } from 'node:crypto';

/** <script …>text</script> without a src attribute. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP source expressions ('sha256-…') of the page's inline scripts; data blocks such as JSON-LD are not run and need none. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const type = (SCRIPT_TYPE.exec(match[1])?.[1] ?? '').toLowerCase();
    if (!RUNNABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy for one page. Images may come from any https address (sponsor
 * logos and photos are often linked from elsewhere); styles allow inline
 * style attributes, which the pages use and which cannot run code.
 */
export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The page with its policy as a <meta> element, first in <head>: published files
 * are served by any static host (nginx, a CDN), which cannot compute the hashes.
 */
export function withPolicyMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const charset = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  return html;
}
