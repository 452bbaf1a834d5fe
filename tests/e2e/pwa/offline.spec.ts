import { expect, test } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { waitForChrome } from '../public/helpers';
import { acceptNecessaryCookies, cacheContents, waitForCachedPage, waitForServiceWorker, workerPurges, workerVersion } from './pwa-helpers';

// Offline use (public-site.md §1, design §2): pages network-first with the last
// good copy, hashed files from the precache, a German page for pages never visited.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });

let site: Site;
let articleId: string;
/** the sign-in forms', React's and the islands' build files */
const ISLAND_CODE = /InquiryForm|SignInForm|ForgotPasswordForm|ResetPasswordForm|SetupForm|ShowAllNews|Captcha|\/client\./;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      articleId = makeNews(db, { title: 'Derbysieg in der Nachspielzeit' }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

test.beforeEach(async ({ page }) => {
  await acceptNecessaryCookies(page);
});

test('after one visit the home page and a visited news page load with the network offline', async ({ page, context }) => {
  const savedFrom = new Date();
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  // the first page loaded before the worker controlled it: the worker fetches and keeps it
  await waitForCachedPage(page, '/');
  await page.goto(`${site.url}/news/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Derbysieg in der Nachspielzeit' })).toBeVisible();
  await waitForCachedPage(page, `/news/${articleId}`);

  await context.setOffline(true);
  try {
    const home = await page.goto(`${site.url}/`);
    expect(home?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveTitle(/Startseite/);
    await expect(page.getByRole('link', { name: /Derbysieg in der Nachspielzeit/ }).first()).toBeVisible();
    // the fan learns that this is no fresh page, and from when it is (the day it was saved; at midnight either)
    const day = (at: Date) => new Intl.DateTimeFormat('de-AT', { day: 'numeric', month: 'long', timeZone: 'Europe/Vienna' }).format(at);
    const days = [...new Set([day(savedFrom), day(new Date())])].join('|');
    const told = new RegExp(`^Keine Verbindung: Du siehst die gespeicherte Fassung vom (${days}), \\d{2}:\\d{2} Uhr\\.$`);
    await expect(page.getByTestId('saved-copy').locator('[data-bar="text"]')).toHaveText(told);
    // said to screen readers in the layout's live region, there from the start
    await expect(page.getByRole('status').and(page.locator('#pwa-announce'))).toHaveText(told);
    // the bar sits above the header, not over it: the club's name and the menu stay reachable offline
    const bar = (await page.getByTestId('saved-copy').boundingBox())!;
    const header = (await page.locator('.site-header').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(header.y + 1);
    await page.locator('.site-header a[href="/"]').first().click({ trial: true, timeout: 5_000 });

    const article = await page.goto(`${site.url}/news/${articleId}?von=startseite`);
    expect(article?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Derbysieg in der Nachspielzeit' })).toBeVisible();
    // the layout's script comes from the precache: the footer button works offline too
    await waitForChrome(page);
    await expect(page.getByRole('button', { name: 'App installieren' })).toBeEnabled();
    await expect(page.getByTestId('saved-copy')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // back online, 'Neu laden' brings the page from the server: no note any more
  await page.getByTestId('saved-copy').getByRole('button', { name: 'Neu laden' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-pwa', 'started');
  await expect(page.getByRole('heading', { level: 1, name: 'Derbysieg in der Nachspielzeit' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('saved-copy')).toHaveCount(0);
});

test('a visited page is the same page offline under its address with a slash, as static hosts redirect to', async ({ page, context }) => {
  // S3, GitHub Pages, Netlify and Apache answer '/news/7' with a redirect to '/news/7/', which the worker cannot
  // keep: the page was kept under the one address and missed under the other
  await page.goto(`${site.url}/news/${articleId}`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, `/news/${articleId}`);
  await context.setOffline(true);
  try {
    await page.goto(`${site.url}/news/${articleId}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Derbysieg in der Nachspielzeit' })).toBeVisible();
    await expect(page.getByText('Diese Seite hast du noch nicht besucht')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('a page never visited shows the German offline page, which leads back to a cached page', async ({ page, context }) => {
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/');

  await context.setOffline(true);
  try {
    await page.goto(`${site.url}/spielplan`);
    await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible();
    await expect(page.getByText('Diese Seite hast du noch nicht besucht')).toBeVisible();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // the home page is still in the page cache (said here so that a failure below tells which part failed)
    const held = await cacheContents(page);
    // if it is not: what the worker holds, the version it recorded and what the server published tell why
    const why = `caches ${JSON.stringify(held)}, worker version ${await workerVersion(page)}, purges ${JSON.stringify(await workerPurges(page))}, site log:\n${site.logs()}`;
    expect(held['anstoss-pages'], why).toContain(`${site.url}/`);
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL(`${site.url}/`);
    await expect(page).toHaveTitle(/Startseite/);
    // the offline page was shown, not kept as the page's copy (it would stand for the page next time, as saved)
    const kept = Object.values(await cacheContents(page)).flat();
    expect(kept.filter((url) => url.startsWith(`${site.url}/spielplan`))).toEqual([]);
  } finally {
    await context.setOffline(false);
  }
  // back online the same address shows the real page
  await page.goto(`${site.url}/spielplan`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Spielplan/);
});

test('the precache holds hashed files, icons, the manifest and the offline page, but no published page', async ({ page }) => {
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  const caches = await cacheContents(page);
  const precache = Object.entries(caches).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
  const paths = precache.map((url) => new URL(url).pathname);
  expect(paths).toContain('/offline.html');
  expect(paths).toContain('/manifest.webmanifest');
  expect(paths).toEqual(expect.arrayContaining(['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']));
  // the layout's script, which every page runs (the footer's install button, the update banner)
  expect(paths.some((p) => /^\/_astro\/Site\.astro_astro_type_script.*\.js$/.test(p))).toBe(true);
  expect(paths.some((p) => p.startsWith('/_astro/') && p.endsWith('.css'))).toBe(true);
  // pages change without a new sw.js: none is precached
  expect(paths.filter((p) => p.endsWith('.html') && p !== '/offline.html')).toEqual([]);
  expect(paths).not.toContain('/');
  // the admin panel's code is not shipped to visitors
  expect(paths.filter((p) => /admin/i.test(p))).toEqual([]);
  // nor the sign-in forms', nor React and the islands: fetched when a fan first uses one (decision 006)
  expect(paths.filter((p) => ISLAND_CODE.test(p))).toEqual([]);
  const scripts = paths.filter((p) => p.endsWith('.js'));
  let bytes = 0;
  for (const script of scripts) bytes += (await (await fetch(`${site.url}${script}`)).arrayBuffer()).byteLength;
  console.log(`[precache] ${scripts.length} scripts of ${bytes} bytes (before compression) that a first visit downloads in the background`);
  // React alone is some 180,000
  expect(bytes).toBeLessThan(30_000);
});

test("a form's code is kept once a fan has used it: offline it still comes up and says what is missing", async ({ page, context }) => {
  await page.goto(`${site.url}/kontakt`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/kontakt');
  const form = page.locator('form.inquiry-form');
  // the island hydrates when the fan reaches for it, and asks for its question
  await form.locator('[name="name"]').focus();
  await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
  const kept = (await cacheContents(page))['anstoss-assets'] ?? [];
  expect(kept.filter((url) => /InquiryForm/.test(url))).toHaveLength(1);

  await context.setOffline(true);
  try {
    await page.reload();
    await page.locator('form.inquiry-form [name="name"]').focus();
    // hydrated from the worker's cache: the island runs and says in German that the question did not come
    await expect(page.locator('form.inquiry-form .captcha-unavailable')).toHaveText('Die Rechenaufgabe konnte nicht geladen werden. Bitte tippe auf ↻.', { timeout: 15_000 });
  } finally {
    await context.setOffline(false);
  }
});
