import { expect, test, type Page } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import {
  acceptNecessaryCookies,
  cacheContents,
  cacheUpdateAsSuperadmin,
  publishNewsAsAdmin,
  publishedVersion,
  waitForCachedPage,
  waitForServiceWorker,
  workerPurges,
  workerVersion,
} from './pwa-helpers';
import { isSameDocument, markDocument, noteNavigations, startedNavigation } from '../../fixtures/same-document';

// Cache version and update banner (public-site.md §4, §9): a publish raises the
// version; the worker notices, purges its page cache and tells the open tabs;
// the banner counts down from 5 s and reloads, 'Abbrechen' stops it.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });

let site: Site;
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void makeNews(db, { title: 'Saisonauftakt' }) });
});
test.afterAll(async () => {
  await site.stop();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Neue Inhalte' });

/** A tab on the home page (or another), controlled by the worker, with the page's clock under the test's control. */
async function openHomeTab(page: Page, path = '/'): Promise<number> {
  await acceptNecessaryCookies(page);
  await page.clock.install();
  await page.goto(`${site.url}${path}`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, path);
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));
  // from here on the page's timers only run when the test says so
  // far enough ahead that the page's clock, still running, has not passed it on a busy machine (liveness.spec.ts)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await markDocument(page);
  return (await workerVersion(page))!;
}

/**
 * The visitor comes back to the tab: the tab asks the worker to look at the
 * version now. The worker looks at most once a second, so a visitor who came
 * back within a second of its last look comes back once more.
 */
async function returnToTab(page: Page) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        return banner(page).count();
      },
      { intervals: [300, 500, 1000] },
    )
    .toBe(1);
}

test('a publish raises the version; the open tab shows the banner, counts down from 5 s and reloads with the new content', async ({
  page,
  browser,
}) => {
  const before = await openHomeTab(page);
  await expect(banner(page)).toHaveCount(0);

  const title = `Cupsieg gegen Feldbach ${Date.now()}`;
  makeNews(site.db(), { title, created_at: new Date().toISOString() });
  await expect(page.getByText(title)).toHaveCount(0);

  const version = await cacheUpdateAsSuperadmin(browser, site);
  expect(version).toBe(before + 1);
  expect(await publishedVersion(site)).toBe(version);

  await returnToTab(page);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.');
  // the worker recorded the new version and purged its page cache, and recorded why
  expect(await workerVersion(page)).toBe(version);
  expect((await cacheContents(page))['anstoss-pages'] ?? []).toEqual([]);
  expect(await workerPurges(page)).toEqual([{ cache: 'anstoss-pages', reason: `cache version ${before} → ${version}`, at: expect.any(String) }]);

  await page.clock.runFor(1000);
  await expect(banner(page)).toContainText('Die Seite wird in 4 Sekunden neu geladen.');
  await page.clock.runFor(3000);
  await expect(banner(page)).toContainText('Die Seite wird in 1 Sekunde neu geladen.');
  expect(await isSameDocument(page)).toBe(true);

  const reloaded = page.waitForEvent('load');
  await page.clock.runFor(1000);
  await reloaded;
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  expect(await isSameDocument(page)).toBe(false);
  await page.clock.resume();
  await expect(banner(page)).toHaveCount(0);
});

test('a worker the browser stopped and woke again still empties its saved pages on a full republish', async ({ page, browser }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/');
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));
  await page.goto(`${site.url}/news`);
  await waitForCachedPage(page, '/news');
  // the browser stops an idle worker after about 30 s; it wakes for the tab's next message with nothing in memory
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const version = await cacheUpdateAsSuperadmin(browser, site);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(version);
  const held = (await cacheContents(page))['anstoss-pages'] ?? [];
  console.info(`[figures] woken worker: saved pages after a full republish ${held.length} (${held.join(', ')})`);
  expect(held).not.toContain(`${site.url}/news`);
  expect(held).not.toContain(`${site.url}/`);
});

test("'Abbrechen' removes the banner and stops the countdown: the page stays", async ({ page, browser }) => {
  const before = await openHomeTab(page);
  makeNews(site.db(), { title: `Neuer Tormann ${Date.now()}`, created_at: new Date().toISOString() });
  expect(await cacheUpdateAsSuperadmin(browser, site)).toBe(before + 1);

  await returnToTab(page);
  await expect(banner(page)).toContainText('Die Seite wird in 5 Sekunden neu geladen.');
  await page.clock.runFor(2000);
  await expect(banner(page)).toContainText('Die Seite wird in 3 Sekunden neu geladen.');
  await banner(page).getByRole('button', { name: 'Abbrechen' }).click();
  await expect(banner(page)).toHaveCount(0);

  // long past the end of the countdown: no reload (none begun either), no banner
  await noteNavigations(page);
  await page.clock.runFor(30_000);
  expect(await startedNavigation(page)).toBe(false);
  expect(await isSameDocument(page)).toBe(true);
  await expect(banner(page)).toHaveCount(0);
});

test("the keyboard reaches 'Abbrechen' first, and the countdown waits while it is there; the words are said once, above the header", async ({ page, browser }) => {
  const before = await openHomeTab(page);
  makeNews(site.db(), { title: `Neuer Trainer ${Date.now()}`, created_at: new Date().toISOString() });
  expect(await cacheUpdateAsSuperadmin(browser, site)).toBe(before + 1);

  await returnToTab(page);
  await expect(banner(page)).toContainText('Die Seite wird in 5 Sekunden neu geladen.');
  // screen readers hear the sentence once, from the layout's live region; the bar's own text is no live region
  const announced = page.getByRole('status').and(page.locator('#pwa-announce'));
  await expect(announced).toHaveText('Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.');
  await expect(banner(page).getByRole('status')).toHaveCount(0);
  // the bar above the header, not over the club's name and the menu
  const bar = (await banner(page).boundingBox())!;
  const header = (await page.locator('.site-header').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(header.y + 1);

  // from the top of the page: the skip link, then 'Abbrechen'
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await noteNavigations(page);
  await page.clock.runFor(30_000);
  expect(await startedNavigation(page)).toBe(false);
  await expect(banner(page)).toContainText('Die Seite wird in 5 Sekunden neu geladen.');
  await expect(announced).toHaveText('Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.');

  // the keyboard moves on: the count goes on from where it stood, and the page reloads at its end
  await page.keyboard.press('Tab');
  await page.clock.runFor(1000);
  await expect(banner(page)).toContainText('Die Seite wird in 4 Sekunden neu geladen.');
  const reloaded = page.waitForEvent('load');
  await page.clock.runFor(4000);
  await reloaded;
  expect(await isSameDocument(page)).toBe(false);
  await page.clock.resume();
});

test('a form with typed input is not reloaded away at the countdown\'s end: the bar says so and offers the reload', async ({ page, browser }) => {
  const before = await openHomeTab(page, '/kontakt');
  const form = page.locator('.contact-form form');
  // the island hydrates when the visitor reaches for it; its question is asked with the page's clock paused
  await form.locator('[name="name"]').focus();
  await page.clock.runFor(500);
  await form.getByLabel('Name').fill('Karl Kontakt');
  await form.locator('textarea[name="nachricht"]').fill('Wann beginnt das Fest?');
  makeNews(site.db(), { title: `Neuer Trainer ${Date.now()}`, created_at: new Date().toISOString() });
  expect(await cacheUpdateAsSuperadmin(browser, site)).toBe(before + 1);

  await returnToTab(page);
  await expect(banner(page)).toContainText('Die Seite wird in 5 Sekunden neu geladen.');
  await noteNavigations(page);
  await page.clock.runFor(5_000);
  await expect(banner(page)).toContainText('Die Seite wird nicht von selbst neu geladen, damit Ihre Eingaben im Formular bleiben.');
  await page.clock.runFor(30_000);
  expect(await startedNavigation(page)).toBe(false);
  expect(await isSameDocument(page)).toBe(true);
  await expect(form.locator('textarea[name="nachricht"]')).toHaveValue('Wann beginnt das Fest?');
  // the visitor reloads when it suits them
  const reloaded = page.waitForEvent('load');
  await banner(page).getByRole('button', { name: 'Jetzt neu laden' }).click();
  await reloaded;
  expect(await isSameDocument(page)).toBe(false);
});

test('the worker checks the version on its 10 s heartbeat too, without the tab coming back', async ({ page, browser }) => {
  const before = await openHomeTab(page);
  makeNews(site.db(), { title: `Sommerfest ${Date.now()}`, created_at: new Date().toISOString() });
  expect(await cacheUpdateAsSuperadmin(browser, site)).toBe(before + 1);
  await expect(banner(page)).toHaveCount(0);

  // a heartbeat is due every 10 s of the tab's clock; the worker answers each
  // and looks at the version (several tabs share it, so at most every few seconds)
  await expect(async () => {
    await page.clock.runFor(10_000);
    await expect(banner(page)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(banner(page)).toContainText('Neue Inhalte verfügbar. Die Seite wird in');
});

test("a save changes some pages: only the tab that shows one is told, and only those pages' saved copies go (decision 056)", async ({
  page,
  context,
  browser,
}) => {
  await acceptNecessaryCookies(page);
  // two tabs of one fan: the home page, which lists the news, and the imprint, which does not
  await page.goto(`${site.url}/impressum`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/impressum');
  const home = await context.newPage();
  await home.goto(`${site.url}/`);
  await waitForCachedPage(home, '/');
  const before = await publishedVersion(site);
  await expect.poll(() => workerVersion(page)).toBe(before);
  await markDocument(page);

  // an admin publishes an article: its job renders the news pages and the home page, not the imprint
  const title = await publishNewsAsAdmin(browser, site);
  const version = await publishedVersion(site);
  expect(version).toBe(before + 1);
  const listed = (await (await fetch(`${site.url}/cache-version.json`)).json()) as { pagesChanged: { version: number; pages: string[] }[] };
  expect(listed.pagesChanged.at(-1)).toMatchObject({ version, pages: expect.arrayContaining(['/', '/news']) });
  expect(listed.pagesChanged.at(-1)!.pages).not.toContain('/impressum');

  // both tabs come back; the worker looks once and tells the home page's tab only
  await expect
    .poll(
      async () => {
        for (const tab of [page, home]) await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
        return banner(home).count();
      },
      { intervals: [300, 500, 1000] },
    )
    .toBe(1);
  expect(await workerVersion(page)).toBe(version);
  await expect(banner(home)).toContainText('Neue Inhalte verfügbar. Die Seite wird in');
  const kept = (await cacheContents(page))['anstoss-pages'] ?? [];
  expect(kept).toContain(`${site.url}/impressum`);
  expect(kept).not.toContain(`${site.url}/`);
  // set aside for a navigation whose network fails (sw/outdated-pages.ts), not the imprint
  expect((await cacheContents(page))['anstoss-pages-outdated']).toEqual([`${site.url}/`]);
  expect((await workerPurges(page))[0]).toMatchObject({ cache: 'anstoss-pages', reason: `cache version ${before} → ${version}: /` });
  // the home page's tab reloads with the article after its countdown; the imprint's tab, past that
  // countdown, has no banner and is the same document
  await expect(home.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 15_000 });
  await expect(banner(page)).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
});
