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
  return scriptHashesIn(html, (start, end) => html.slice(start, end));
}

/**
 * The hashes of the runnable inline scripts found in `text`; `contentOf` gives the script between two
 * offsets of `text` as the UTF-8 it is hashed as (the text itself, or the bytes it was read from).
 */
function scriptHashesIn(text: string, contentOf: (start: number, end: number) => string | Uint8Array): string[] {
  const hashes = new Set<string>();
  for (const match of text.matchAll(INLINE_SCRIPT)) {
    const type = (SCRIPT_TYPE.exec(match[1])?.[1] ?? '').toLowerCase();
    if (!RUNNABLE_TYPES.has(type)) continue;
    // the script's text ends where the closing tag begins (its only '<' after the text)
    const end = match.index + match[0].lastIndexOf('<');
    const start = end - match[2].length;
    hashes.add(`'sha256-${createHash('sha256').update(contentOf(start, end)).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy for one page. Images may come from any https address (sponsor
 * logos and photos are often linked from elsewhere); styles allow inline
 * style attributes, which the pages use and which cannot run code.
 */
export function contentSecurityPolicy(html: string): string {
  return policyWith(inlineScriptHashes(html));
}

function policyWith(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The policy as a <meta> element (withPolicyMetaBytes). */
const policyMeta = (policy: string) => `<meta http-equiv="content-security-policy" content="${policy.replace(/"/g, '&quot;')}">`;

/** Where the policy goes: right after the charset, else first in <head>; null for a page with neither. */
function policyMetaOffset(html: string): number | null {
  const charset = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i.exec(html);
  if (charset) return charset.index + charset[0].length;
  const head = /<head\b[^>]*>/i.exec(html);
  return head ? head.index + head[0].length : null;
}

/**
 * The published page with its policy (contentSecurityPolicy of the page) as a <meta> element, first in
 * <head>: published files are served by any static host (nginx, a CDN), which cannot compute the hashes.
 * It works on the page's UTF-8 bytes, as the publisher gets them, with no text decoded or encoded:
 * decoding a page and encoding it again took a quarter of the CPU of rendering the 324 KB fixtures page
 * (issue 16; decision 047). The bytes are read as latin1, one character per byte: every tag and
 * attribute the scan looks for is ASCII, which no byte of a multi-byte character can match, so its
 * offsets are byte offsets, and a script is hashed from the very bytes it is made of.
 */
export function withPolicyMetaBytes(page: Buffer): Buffer {
  const text = page.toString('latin1');
  const at = policyMetaOffset(text);
  if (at === null) return page;
  const policy = policyWith(scriptHashesIn(text, (start, end) => page.subarray(start, end)));
  return Buffer.concat([page.subarray(0, at), Buffer.from(policyMeta(policy), 'utf8'), page.subarray(at)]);
}
