import { expect, test, type Page } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { acceptNecessaryCookies, publishNewsAsAdmin, publishedVersion, waitForCachedPage, waitForServiceWorker, workerVersion } from './pwa-helpers';
import { startWatchingProxy, type WatchingProxy } from '../../fixtures/watching-proxy';

// A navigation asks the page and the cache version together (decision 006): on
// weak data each page cost a round trip to the version file before it was even
// asked for. A page older than the version the worker then records (read just
// before a publish) is asked again, so that it never misses its update banner.
test.use({ serviceWorkers: 'allow' });

let site: Site;
let proxy: WatchingProxy;
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void makeNews(db, { title: 'Saisonauftakt' }) });
  proxy = await startWatchingProxy(site.url);
});
test.afterAll(async () => {
  await proxy?.close();
  await site?.stop();
});

/** A tab on the imprint through the proxy, controlled by the worker, which knows the version; its timers stopped. */
async function openTab(page: Page) {
  await acceptNecessaryCookies(page);
  await page.clock.install();
  await page.goto(`${proxy.url}/impressum`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/impressum');
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));
  // no heartbeat from here on: the navigation is what looks at the version
  // far enough ahead that the page's clock, still running, has not passed it on a busy machine (liveness.spec.ts)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
}

const asked = (path: string, since: number) => proxy.requests.filter((r) => r.path === path && r.at >= since);

test('the page is asked at once, while the version check is still on its way', async ({ page }) => {
  await openTab(page);
  proxy.holdVersion();
  const start = Date.now();
  try {
    await page.goto(`${proxy.url}/news`);
  } finally {
    proxy.releaseVersion();
  }
  await expect(page.getByRole('heading', { name: 'Saisonauftakt' })).toBeVisible();
  // the version file was asked, and the page not after it had waited the check's 1.5 s out
  expect(asked('/cache-version.json', start).length).toBeGreaterThan(0);
  const pageAsked = asked('/news', start);
  expect(pageAsked).toHaveLength(1);
  // from the version check's request, which the worker sends just before the page's: the browser's own start
  // of the navigation on a busy machine is not what is measured
  const waited = pageAsked[0].at - asked('/cache-version.json', start)[0].at;
  console.log(`[navigation] the page was asked ${waited} ms after the version check (held back)`);
  // well before the check's 1.5 s, with room for a busy machine
  expect(waited).toBeLessThan(1_000);
});

test('a navigation is asked by the browser while the worker starts (navigation preload), once; a page the worker does not store too', async ({ page }) => {
  await openTab(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState())).toMatchObject({ enabled: true });
  const start = Date.now();
  await page.goto(`${proxy.url}/news`);
  await expect(page.getByRole('heading', { name: 'Saisonauftakt' })).toBeVisible();
  expect(asked('/news', start).map((r) => r.preload)).toEqual([true]);
  // the admin is never stored: the preloaded answer is taken all the same, not asked a second time
  const admin = Date.now();
  await page.goto(`${proxy.url}/admin`);
  await expect(page).toHaveURL(/\/auth\?weiter=admin$/);
  expect(asked('/admin', admin).map((r) => r.preload)).toEqual([true]);
  // still the worker's: offline, a stored page comes from its copies
  await page.context().setOffline(true);
  try {
    await page.goto(`${proxy.url}/news`);
    await expect(page.getByRole('heading', { name: 'Saisonauftakt' })).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
});

test('a page read just before a publish is asked again once the check has seen the publish', async ({ page, browser }) => {
  await openTab(page);
  // the news page as it is before the publish, answered once by the proxy: as if read a moment before
  await proxy.answerOnceAsNow('/news');
  const before = await publishedVersion(site);
  const title = await publishNewsAsAdmin(browser, site);
  expect(await publishedVersion(site)).toBe(before + 1);

  const start = Date.now();
  await page.goto(`${proxy.url}/news`);
  // the fan sees the article, and the worker keeps the fresh page, not the one read before
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(asked('/news', start)).toHaveLength(2);
  expect(await workerVersion(page)).toBe(before + 1);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('anstoss-pages')).match('/news'))?.text())).toContain(title);
});

test('a page a publish changed that comes from before it later, after the check has seen the publish (a static host lets the browser keep it), is asked again', async ({ page, browser }) => {
  await openTab(page);
  // the news page as it is before the publish, answered once by the proxy: as a static host's copy the browser
  // kept (GitHub Pages: ten minutes)
  await proxy.answerOnceAsNow('/news');
  const title = await publishNewsAsAdmin(browser, site);
  // the fan reads another page first: its navigation's check records the publish
  await page.goto(`${proxy.url}/mannschaften`);
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));
  const start = Date.now();
  await page.goto(`${proxy.url}/news`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(asked('/news', start)).toHaveLength(2);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('anstoss-pages')).match('/news'))?.text())).toContain(title);

  // the news island's list ('Alle News anzeigen', the news past the first six) the same way: its copy from
  // before is asked again. Six news from years ago, that the next publish puts in the list
  for (let month = 1; month <= 6; month++) makeNews(site.db(), { title: `Aus dem Archiv ${month}`, created_at: `2020-0${month}-01T10:00:00.000Z` });
  const before = await (await fetch(`${site.url}/news/alle.json`)).text();
  await proxy.answerOnceAsNow('/news/alle.json');
  await publishNewsAsAdmin(browser, site);
  await page.goto(`${proxy.url}/mannschaften`);
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(site));
  const listed = Date.now();
  const list = await page.evaluate(async () => (await fetch('/news/alle.json')).text());
  const now = await (await fetch(`${site.url}/news/alle.json`)).text();
  expect(now).not.toBe(before);
  expect(list).toBe(now);
  expect(asked('/news/alle.json', listed)).toHaveLength(2);
});

test('a page asked again that is slow: the first answer after 3 s, the fresh one kept, and the tab told when it runs', async ({ page, browser }) => {
  await openTab(page);
  await proxy.answerOnceAsNow('/news');
  // the second request for the news page (the one asked again) answers 6 s late
  proxy.delay('/news', 2, 6_000);
  const title = await publishNewsAsAdmin(browser, site);
  const start = Date.now();
  await page.goto(`${proxy.url}/news`, { waitUntil: 'commit' });
  // the worker waited its 3 s for the second answer, not the 6 s it took
  const waited = Date.now() - start;
  console.log(`[navigation] the page read before the publish was shown after ${waited} ms`);
  expect(waited).toBeGreaterThan(2_900);
  // not the 6 s the answer took
  expect(waited).toBeLessThan(5_900);
  await expect(page.getByRole('heading', { name: 'Saisonauftakt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  // the fresh page arrives and is kept while the tab's timers stand still: its worker client has not started,
  // so no one listens to what the worker posts now
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('anstoss-pages')).match('/news'))?.text()), { timeout: 15_000 }).toContain(title);
  expect(asked('/news', start)).toHaveLength(2);
  // the tab starts and asks: the banner a publish brings (no 'Keine Verbindung': the fan is online), then the fresh page
  await page.clock.resume();
  await expect(page.getByRole('region', { name: 'Neue Inhalte' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('saved-copy')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 });
});

for (const failure of [
  { how: 'no network', told: 'Keine Verbindung: Du siehst die gespeicherte Fassung vom' },
  { how: 'a server error', told: 'Die Seite ist gerade nicht erreichbar: Du siehst die gespeicherte Fassung vom' },
]) {
  test(`a page asked again whose second answer fails (${failure.how}): the page from before is shown, said to be outdated`, async ({ page, browser }) => {
    await openTab(page);
    await proxy.answerOnceAsNow('/news');
    // between the two requests the network goes (the page asked again gets no answer), or the server restarts
    if (failure.how === 'no network') proxy.cut('/news', 2);
    else proxy.failWith503('/news', 2);
    const title = await publishNewsAsAdmin(browser, site);
    const start = Date.now();
    try {
      await page.goto(`${proxy.url}/news`);
    } finally {
      proxy.uncut('/news');
    }
    // asked again (the browser itself retries a request whose connection was cut)
    expect(asked('/news', start).length).toBeGreaterThanOrEqual(2);
    // the list from before the publish (its first six: the earlier tests' news), without the new one
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    // the fan is told that this is not the page as it is now (before: no word of it), and why
    await page.clock.resume();
    await expect(page.getByTestId('saved-copy')).toContainText('Die Seite wurde seitdem geändert.');
    await expect(page.getByTestId('saved-copy')).toContainText(failure.told);
  });
}

test("a saved page whose server answers with an error (a restart behind a CDN, S3's 503) is shown from the saved copy, and the fan told why", async ({ page }) => {
  await openTab(page);
  // the version has not changed: the page is not asked again, the one answer is the 503
  proxy.failWith503('/impressum', 1);
  await page.goto(`${proxy.url}/impressum`);
  // before: the host's error page ('Der Server startet neu.') instead of the page the fan had
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.getByText('Der Server startet neu.')).toHaveCount(0);
  await page.clock.resume();
  await expect(page.getByTestId('saved-copy')).toContainText('Die Seite ist gerade nicht erreichbar: Du siehst die gespeicherte Fassung vom');
  await expect(page.getByTestId('saved-copy')).not.toContainText('seitdem geändert');
});

test('a page asked again that is slow and then fails: the first answer after 3 s, and the tab, already running, told it is outdated', async ({ page, browser }) => {
  await openTab(page);
  await proxy.answerOnceAsNow('/news');
  // the second request (the one asked again) waits 6 s and then loses its connection, and so does each retry
  proxy.delay('/news', 2, 6_000);
  proxy.cut('/news', 2);
  const title = await publishNewsAsAdmin(browser, site);
  const start = Date.now();
  try {
    await page.goto(`${proxy.url}/news`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    // the tab runs (and has asked its state) before the second answer fails
    await page.clock.resume();
    await expect(page.getByTestId('saved-copy')).toContainText('Die Seite wurde seitdem geändert.', { timeout: 15_000 });
  } finally {
    proxy.uncut('/news');
  }
  console.log(`[navigation] the tab was told its page is outdated ${Date.now() - start} ms after the navigation`);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Neue Inhalte' })).toHaveCount(0);
});

test('a page made well after the publish is not asked again', async ({ page, browser }) => {
  await openTab(page);
  const title = await publishNewsAsAdmin(browser, site);
  // the fan comes back a while later: the worker has not looked since, but the page it gets is newer
  await page.waitForTimeout(3_000);
  const start = Date.now();
  await page.goto(`${proxy.url}/news`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(asked('/news', start)).toHaveLength(1);
  // the worker stores the version its check found, which may come after the page on a busy machine
  const published = await publishedVersion(site);
  await expect.poll(() => workerVersion(page)).toBe(published);
});
