// Page weight per public route, in the system Chromium (Playwright) against our
// Node server: every response until the page has loaded, the network is quiet
// and the islands that hydrate without any input (client:load, client:idle, and
// client:visible ones already in the viewport) have hydrated. No click, no
// scroll, no key: what loads before the first interaction.
import http from 'node:http';
import { chromium, type Browser } from 'playwright-core';

export type RouteWeight = {
  route: string;
  status: number;
  /** the HTML as our server sends it to a client that accepts brotli */
  htmlBytesBr: number;
  htmlBytesRaw: number;
  /** every script the page loaded before any input, brotli sizes from our server */
  jsBytesBr: number;
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

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
}

export async function measureWeight(browser: Browser, base: string, route: string): Promise<RouteWeight> {
  // a first visit: empty cache, the service worker installs and precaches as it would
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'allow' });
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
    else if (request.resourceType() === 'script' && response.url().startsWith(base)) jsFiles.add(response.url());
  }
  const html = main ? await main.text() : '';
  const contentEncoding = main ? ((await main.allHeaders())['content-encoding'] ?? null) : null;
  await context.close();
  const htmlBr = await brotliSize(base + route);
  let jsBytesBr = 0;
  for (const file of jsFiles) jsBytesBr += (await brotliSize(file)).bytes;
  return {
    route,
    status: main?.status() ?? 0,
    htmlBytesBr: htmlBr.bytes,
    htmlBytesRaw: Buffer.byteLength(html),
    jsBytesBr,
    jsFiles: [...jsFiles].map((f) => f.slice(base.length)),
    blockingScripts: findBlockingScripts(html),
    totalTransferBytes,
    serviceWorkerBytes,
    requests: responses.length,
    contentEncoding,
  };
}
