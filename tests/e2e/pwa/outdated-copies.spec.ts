import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { write } from '../../../src/server/db/write';
import { loginAs } from '../../fixtures/auth';
import { acceptNecessaryCookies, cacheContents, cacheUpdateAsSuperadmin, publishedVersion, waitForCachedPage, waitForServiceWorker, workerVersion } from './pwa-helpers';

// A page a new cache version changed is no longer answered from the saved pages (decision 056), but it is kept
// aside until its new copy is stored (decision 006): a fan who loses the network right after a full republish
// ('Cache Update', a deploy, a start) gets the page they had, said to be outdated, not the offline page.
test.use({ serviceWorkers: 'allow' });

let site: Site;
let articleId: string;
let withdrawnId: string;
let goneId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      articleId = makeNews(db, { title: 'Derbysieg in der Nachspielzeit' }).id;
      withdrawnId = makeNews(db, { title: 'Aufstellung mit Fotos der Spieler' }).id;
      goneId = makeNews(db, { title: 'Testspiel abgesagt' }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

/** The page is neither saved nor kept aside: offline, the fan gets the offline page for it. */
async function expectGoneFromPhone(page: Page, context: BrowserContext, article: string) {
  const held = await cacheContents(page);
  expect([...(held['anstoss-pages'] ?? []), ...(held['anstoss-pages-outdated'] ?? [])]).not.toContain(`${site.url}${article}`);
  await context.setOffline(true);
  try {
    await page.goto(`${site.url}${article}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du bist offline');
  } finally {
    await context.setOffline(false);
  }
}

test('after a full republish, offline, a page saved before comes as the outdated copy it is; back online the new one replaces it', async ({ page, context, browser }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/');
  const article = `/news/${articleId}`;
  await page.goto(`${site.url}${article}`);
  await waitForCachedPage(page, article);
  await page.goto(`${site.url}/impressum`);
  await waitForCachedPage(page, '/impressum');
  await expect.poll(() => workerVersion(page)).not.toBeNull();

  // the article is corrected, and a superadmin's 'Cache Update' publishes the whole site again
  write('test.correct', () => site.db().$client.prepare('UPDATE news SET title = ? WHERE id = ?').run('Derbysieg in der Nachspielzeit (berichtigt)', articleId), site.db());
  const version = await cacheUpdateAsSuperadmin(browser, site);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(version);
  // no page is answered from the saved pages any more
  expect((await cacheContents(page))['anstoss-pages'] ?? []).toEqual([]);

  await context.setOffline(true);
  let shown: string;
  try {
    await page.goto(`${site.url}${article}`);
    shown = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const notice = page.getByTestId('saved-copy').locator('[data-bar="text"]');
    await expect(notice).toHaveText(/^Keine Verbindung: Du siehst die gespeicherte Fassung vom .+, \d{2}:\d{2} Uhr\. Die Seite wurde seitdem geändert\.$/);
  } finally {
    await context.setOffline(false);
  }
  console.info(`[figures] offline after a full republish: the article shown as "${shown}"`);
  expect(shown).toBe('Derbysieg in der Nachspielzeit');

  // back online, 'Neu laden' brings the corrected article; its outdated copy goes once the new one is saved
  await page.getByTestId('saved-copy').getByRole('button', { name: 'Neu laden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Derbysieg in der Nachspielzeit (berichtigt)' })).toBeVisible();
  await waitForCachedPage(page, article);
  await expect
    .poll(async () => ((await cacheContents(page))['anstoss-pages-outdated'] ?? []).map((url) => new URL(url).pathname).sort())
    .toEqual(['/', '/impressum']);
});

test('a page removed from the site (a deleted article) is not kept aside: offline it is gone, as before', async ({ page, context, browser }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  const article = `/news/${withdrawnId}`;
  await page.goto(`${site.url}${article}`);
  await waitForCachedPage(page, article);
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));

  // an admin deletes the article: its job removes the page, and cache-version.json says so
  const admin = await browser.newContext();
  try {
    await loginAs(admin, site, 'admin');
    const removed = await admin.request.post(`${site.url}/_actions/admin.news.remove`, { headers: { origin: site.url }, data: { id: withdrawnId } });
    expect(removed.status()).toBe(200);
  } finally {
    await admin.close();
  }
  const listed = (await (await fetch(`${site.url}/cache-version.json`)).json()) as { pagesChanged: { removed?: string[] }[] };
  expect(listed.pagesChanged.at(-1)?.removed).toEqual([article]);
  const version = await publishedVersion(site);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(version);
  await expectGoneFromPhone(page, context, article);
});

test('a page a full republish removes (its row deleted while no one published) is not kept aside either', async ({ page, context, browser }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  const article = `/news/${goneId}`;
  await page.goto(`${site.url}${article}`);
  await waitForCachedPage(page, article);
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));

  // the row goes without a job of its own (a restored backup, a change by hand); 'Cache Update' removes its page
  write('test.remove', () => site.db().$client.prepare('DELETE FROM news WHERE id = ?').run(goneId), site.db());
  const version = await cacheUpdateAsSuperadmin(browser, site);
  const file = (await (await fetch(`${site.url}/cache-version.json`)).json()) as { pagesChanged: unknown[]; pagesRemovedUpTo?: string[] };
  expect(file.pagesChanged).toEqual([]);
  expect(file.pagesRemovedUpTo).toContain(article);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(version);
  await expectGoneFromPhone(page, context, article);
});
