import { expect, test, type Page } from '@playwright/test';
import { saveClubSettings } from '../../../src/server/services/admin/club';
import { startSite, type Site } from '../../fixtures/site';
import { acceptNecessaryCookies, waitForCachedPage, waitForServiceWorker } from './pwa-helpers';

// The offline page is the build's, the same for every club: a club with colours of its own saw it in the
// built-in blue. The worker keeps the colours a page has and gives them to the offline page.
test.use({ serviceWorkers: 'allow' });

let site: Site;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

/** The header's ground and text, the heading's and the button's colours, and the browser bar's colour. */
const colours = (page: Page, header: string) =>
  page.evaluate((selector) => {
    const css = (el: Element | null, property: string) => (el ? getComputedStyle(el).getPropertyValue(property) : '');
    return {
      ground: css(document.querySelector(selector), 'background-color'),
      text: css(document.querySelector(selector), 'color'),
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? '',
    };
  }, header);

test("a page never visited, offline: the offline page in the club's colours, not the built-in blue", async ({ page, context }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/');
  const online = await colours(page, '.site-header');
  expect(online.primary).toBe('#0f766e');
  // the worker keeps them once a page told it
  await page.waitForFunction(async () => (await (await caches.open('anstoss-meta')).match('/__anstoss/club-colours')) !== undefined, null, { timeout: 20_000 });

  await context.setOffline(true);
  try {
    await page.goto(`${site.url}/spielplan`);
    await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible();
    const offline = await colours(page, 'header');
    expect(offline).toEqual({ ground: online.ground, text: online.text, primary: '#0f766e', themeColor: online.themeColor });
    expect(offline.ground).toBe('rgb(15, 118, 110)');
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  } finally {
    await context.setOffline(false);
  }
});
