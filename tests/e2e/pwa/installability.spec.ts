import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM } from '../../fixtures/browsers';
import { useEmptySite } from '../../fixtures/shared-site';
import { waitForServiceWorker } from './pwa-helpers';

// Installable app (public-site.md §1): a German manifest with the icons the
// browsers ask for, a service worker with a fetch handler, and Chromium's own
// installability check (what Lighthouse's PWA audit used to run) without errors.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });

// the empty club, shared with the other blocks of this worker that only read (shared-site.ts)
const site = useEmptySite();

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest is German and complete: name, short name, start URL /, standalone, theme colour, icons 192 and 512 incl. maskable', async ({
  page,
  request,
}) => {
  await page.goto(`${site().url}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(`${site().url}${href}`);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'SV Kirchberg an der Raab',
    short_name: 'SV Kirchberg',
    lang: 'de',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1e40af',
  });
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const file = await request.get(`${site().url}${icon!.src}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const [width, height] = sizes.split('x').map(Number);
    expect(pngSize(await file.body())).toEqual({ width, height });
  }
});

test('the service worker is served fresh and the offline page is German', async ({ request }) => {
  const sw = await request.get(`${site().url}/sw.js`);
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
  const version = await request.get(`${site().url}/cache-version.json`);
  expect(version.headers()['cache-control']).toBe('no-cache');
  expect(await version.json()).toMatchObject({ version: expect.any(Number), publishedAt: expect.any(String) });
  const offline = await request.get(`${site().url}/offline.html`);
  const html = await offline.text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('Du bist offline');
  // the same file for every club: it names none
  expect(html).not.toContain('Kirchberg');
});

test("Chromium's installability check finds no error (manifest, icons, service worker with fetch handler)", async () => {
  // a profile on disk: Chromium does not offer installs in incognito-like contexts
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    // the check is the browser's own (tests/fixtures/browsers.ts)
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site().url}/`);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${site().url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
