// Content Security Policy for every HTML page (docs/decisions/010-content-security-policy.md).
// Scripts run only from our own files or when their exact text is listed by
// hash: the few inline scripts a page has (Astro's island loader and directive
// scripts, its inlined component scripts, the early install-prompt catcher) are
// listed when the page has them and the build knows them (trusted-scripts.json,
// src/integrations/trusted-scripts.ts). An inline script the build does not know
// (one that got into a page because escaping failed) is not listed and does not
// run; nor does an event handler attribute.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Beside the built server: the hashes of every inline script the build emits (src/integrations/trusted-scripts.ts). */
export const TRUSTED_SCRIPTS_FILE = 'trusted-scripts.json';

/** A script's entry in a script-src list, hashed from its UTF-8 text as the browser hashes it. */
export const scriptSource = (text: string | Uint8Array) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The hashes the build wrote (undefined: not read yet; null: no list beside this code, as in the sources). */
let builtTrusted: Set<string> | null | undefined;

function trustedByBuild(): Set<string> | null {
  if (builtTrusted !== undefined) return builtTrusted;
  builtTrusted = null;
  // this code runs from a chunk of <build>/server (or the folder itself)
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 3; level++, dir = path.dirname(dir)) {
    const file = path.join(dir, TRUSTED_SCRIPTS_FILE);
    if (!fs.existsSync(file)) continue;
    builtTrusted = new Set((JSON.parse(fs.readFileSync(file, 'utf8')) as { hashes: string[] }).hashes);
    break;
  }
  if (builtTrusted === null && !import.meta.env.DEV) console.warn(`[csp] no ${TRUSTED_SCRIPTS_FILE} beside the build: every inline script of a page is listed`);
  return builtTrusted;
}

/** Inline scripts left out already told in the log (bounded): once each, not once per page. */
const toldUnknown = new Set<string>();
function leftOut(source: string): void {
  if (toldUnknown.has(source) || toldUnknown.size >= 100) return;
  toldUnknown.add(source);
  console.warn(`[csp] an inline script the build does not know is not allowed to run: ${source}`);
}

/** <script …>text</script> without a src attribute. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The CSP source expressions ('sha256-…') of the page's inline scripts that `trusted` knows (default: the
 * build's list; every script where there is none); data blocks such as JSON-LD are not run and need none.
 */
export function inlineScriptHashes(html: string, trusted: Set<string> | null = trustedByBuild()): string[] {
  return scriptHashesIn(html, (start, end) => html.slice(start, end), trusted);
}

/**
 * The hashes of the runnable inline scripts found in `text` that `trusted` holds; `contentOf` gives the
 * script between two offsets of `text` as the UTF-8 it is hashed as (the text itself, or the bytes it was read from).
 */
function scriptHashesIn(text: string, contentOf: (start: number, end: number) => string | Uint8Array, trusted: Set<string> | null): string[] {
  const hashes = new Set<string>();
  for (const match of text.matchAll(INLINE_SCRIPT)) {
    const type = (SCRIPT_TYPE.exec(match[1])?.[1] ?? '').toLowerCase();
    if (!RUNNABLE_TYPES.has(type)) continue;
    // the script's text ends where the closing tag begins (its only '<' after the text)
    const end = match.index + match[0].lastIndexOf('<');
    const start = end - match[2].length;
    const source = scriptSource(contentOf(start, end));
    if (trusted && !trusted.has(source)) leftOut(source);
    else hashes.add(source);
  }
  return [...hashes];
}

/**
 * The policy for one page. Images may come from any https address (sponsor
 * logos and photos are often linked from elsewhere); styles allow inline
 * style attributes, which the pages use and which cannot run code.
 */
export function contentSecurityPolicy(html: string, trusted: Set<string> | null = trustedByBuild()): string {
  return policyWith(inlineScriptHashes(html, trusted));
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
export function withPolicyMetaBytes(page: Buffer, trusted: Set<string> | null = trustedByBuild()): Buffer {
  const text = page.toString('latin1');
  const at = policyMetaOffset(text);
  if (at === null) return page;
  const policy = policyWith(scriptHashesIn(text, (start, end) => page.subarray(start, end), trusted));
  return Buffer.concat([page.subarray(0, at), Buffer.from(policyMeta(policy), 'utf8'), page.subarray(at)]);
}
