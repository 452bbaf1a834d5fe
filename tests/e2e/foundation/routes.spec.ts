import { expect, test } from '@playwright/test';
import { startSite, type Site } from '../../fixtures/site';

// Every public route of the spec's route table, on an empty database.
const PUBLIC_ROUTES = [
  '/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt',
  '/mitglied-werden', '/vereinsgeschichte', '/impressum', '/datenschutz',
];

let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test('every public route answers 200 from a published file on an empty database', async ({ request }) => {
  for (const route of PUBLIC_ROUTES) {
    const response = await request.get(`${site.url}${route}`);
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-type'], route).toContain('text/html');
    // served from data/site, revalidated by ETag
    expect(response.headers()['etag'], route).toBeTruthy();
    const html = await response.text();
    expect(html, route).toContain('<html lang="de">');
    expect(html, route).toContain('Schnellzugriff');
  }
});

test('an unknown path shows the 404 page with status 404 and is logged', async ({ page }) => {
  const response = await page.goto(`${site.url}/gibt-es-nicht`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${site.url}/`);
  expect(site.logs()).toContain('[404] "/gibt-es-nicht"');
});

test('HTML revalidates with ETag and 304; hashed assets are cached for a year', async ({ request, page }) => {
  const first = await request.get(`${site.url}/news`);
  const etag = first.headers()['etag'];
  expect(first.headers()['cache-control']).toContain('must-revalidate');
  const again = await request.get(`${site.url}/news`, { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);

  const assets: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/_astro/')) assets.push(r.url());
  });
  await page.goto(`${site.url}/`);
  await page.waitForLoadState('networkidle');
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0]);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('pages are sent precompressed as brotli or gzip, as the client accepts', async ({ request }) => {
  const br = await request.get(`${site.url}/`, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  const gz = await request.get(`${site.url}/`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(`${site.url}/`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('SV Kirchberg');
});

test('/healthz answers 200 while the database is reachable', async ({ request }) => {
  const response = await request.get(`${site.url}/healthz`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
