// Page weight per public route, in the system Chromium (Playwright) against our
// Node server: every response until the page has loaded, the network is quiet
// and the islands that hydrate without any input (client:load, client:idle, and
// client:visible ones already in the viewport) have hydrated. No click, no
// scroll, no key: what loads before the first interaction. Two visitors: a first
// visit (empty storage), and a returning visitor whose cookie choice is stored
// (src/stores/consent.ts keeps it in localStorage), both in a fresh mobile context.
import http from 'node:http';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CONSENT_KEY } from '../../src/stores/consent';
// a fan's browser, not the browser tests' headless shell
import { CHROMIUM } from '../../tests/fixtures/browsers';

export type Visitor = 'first' | 'returning';

export type RouteWeight = {
  route: string;
  visitor: Visitor;
  status: number;
  /** the HTML as our server sends it to a client that accepts brotli */
  htmlBytesBr: number;
  htmlBytesRaw: number;
  /** every script the page ran before any input: the files at the brotli size our server sends, plus inline scripts */
  jsBytesBr: number;
  /** of which inline <script> elements in the HTML, each brotli-compressed on its own */
  inlineJsBytesBr: number;
  jsFiles: string[];
  /** <script src> in the document that blocks parsing (no async, defer or type=module) */
  blockingScripts: string[];
  /** bytes over the wire as Chromium fetched them (headers and bodies, all types, the service worker's precache too) */
  totalTransferBytes: number;
  /** of which the service worker fetched for its precache (first visit only) */
  serviceWorkerBytes: number;
  requests: number;
  contentEncoding: string | null;
};

/** The body size our server sends for a URL with 'Accept-Encoding: br' (not decoded). */
export function brotliSize(url: string): Promise<{ bytes: number; status: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, status: res.statusCode ?? 0, encoding: (res.headers['content-encoding'] as string) ?? null }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** External scripts that stop the parser: no async, no defer, not a module. */
export function findBlockingScripts(html: string): string[] {
  const blocking: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = match[1];
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (!src) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type === 'module' || /\b(async|defer)\b/i.test(attrs)) continue;
    if (type && !['text/javascript', 'application/javascript'].includes(type)) continue;
    blocking.push(src);
  }
  return blocking;
}

/** Inline scripts the browser runs (not JSON data, import maps or speculation rules), brotli-compressed one by one. */
export function inlineScriptBytesBr(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = match;
    if (/\bsrc\s*=/i.test(attrs) || body.trim() === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    bytes += zlib.brotliCompressSync(Buffer.from(body), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return bytes;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
}

/** A stored choice as the cookie banner saves it: necessary only (the choice most visitors make). */
const STORED_CHOICE = JSON.stringify({ necessary: true, analytics: false, marketing: false });

export async function measureWeight(browser: Browser, base: string, route: string, visitor: Visitor = 'first'): Promise<RouteWeight> {
  // a fresh context: empty cache, the service worker installs and precaches as it would; the
  // returning visitor starts with the cookie choice in localStorage (what a first visit left behind)
  const storageState =
    visitor === 'returning' ? { cookies: [], origins: [{ origin: new URL(base).origin, localStorage: [{ name: CONSENT_KEY, value: STORED_CHOICE }] }] } : undefined;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow', storageState });
  const page = await context.newPage();
  const responses: import('playwright-core').Response[] = [];
  context.on('response', (r) => responses.push(r));
  const main = await page.goto(base + route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // islands that hydrate on their own: no 'ssr' attribute left once hydrated
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
          const how = island.getAttribute('client');
          if (how === 'visible') {
            const box = island.getBoundingClientRect();
            return box.top > window.innerHeight || box.bottom < 0;
          }
          return how !== 'load' && how !== 'idle';
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  // a page that registers the service worker: its precache downloads until the worker is active
  await page
    .evaluate(async () => {
      if (!('serviceWorker' in navigator)) return;
      for (let i = 0; i < 20 && !(await navigator.serviceWorker.getRegistration()); i++) await new Promise((r) => setTimeout(r, 100));
      if (!(await navigator.serviceWorker.getRegistration())) return;
      await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 10_000))]);
    })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  let totalTransferBytes = 0;
  let serviceWorkerBytes = 0;
  const jsFiles = new Set<string>();
  for (const response of responses) {
    const request = response.request();
    const sizes = await request.sizes().catch(() => null);
    const bytes = sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
    totalTransferBytes += bytes;
    const fromWorker = request.serviceWorker() !== null || new URL(response.url()).pathname === '/sw.js';
    if (fromWorker) serviceWorkerBytes += bytes;
    else if (response.url().startsWith(base) && (request.resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? ''))) {
      jsFiles.add(response.url());
    }
  }
  const html = main ? await main.text() : '';
  const contentEncoding = main ? ((await main.allHeaders())['content-encoding'] ?? null) : null;
  await context.close();
  const htmlBr = await brotliSize(base + route);
  const inlineJsBytesBr = inlineScriptBytesBr(html);
  let jsBytesBr = inlineJsBytesBr;
  for (const file of jsFiles) jsBytesBr += (await brotliSize(file)).bytes;
  return {
    route,
    visitor,
    status: main?.status() ?? 0,
    htmlBytesBr: htmlBr.bytes,
    htmlBytesRaw: Buffer.byteLength(html),
    jsBytesBr,
    inlineJsBytesBr,
    jsFiles: [...jsFiles].map((f) => f.slice(base.length)),
    blockingScripts: findBlockingScripts(html),
    totalTransferBytes,
    serviceWorkerBytes,
    requests: responses.length,
    contentEncoding,
  };
}
