import { expect, test } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { acceptNecessaryCookies, cacheContents, publishedVersion, waitForCachedPage, waitForServiceWorker, workerPurges, workerVersion } from './pwa-helpers';

// A phone whose storage is full: the worker's caches hit the browser's quota. Workbox
// then empties the worker's caches (purgeOnQuotaError), and the worker records why, so
// that a fan's saved pages that vanish can be explained: 'quota error', per cache.
test.use({ serviceWorkers: 'allow' });

let site: Site;
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void makeNews(db, { title: 'Saisonauftakt' }) });
});
test.afterAll(async () => {
  await site.stop();
});

test('a full storage: the caches are emptied and the purge is recorded as a quota error', async ({ page }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  // the worker's first look at the cache version may empty its page cache: after it, the page is stored again
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(await publishedVersion(site));
  await page.reload();
  await waitForCachedPage(page, '/');
  expect((await cacheContents(page))['anstoss-pages']).toContain(`${site.url}/`);

  // the origin's quota shrunk to what it uses now and 2 KB: the next page the worker stores does not fit,
  // a purge record does once the caches are emptied (before, the full storage refused it like the page)
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(site.url).origin;
  const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.floor(usage) + 2_048 });
  await page.goto(`${site.url}/news`);
  await expect.poll(async () => (await workerPurges(page)).map((p) => `${p.cache}: ${p.reason}`), { timeout: 15_000 }).toContain('anstoss-pages: quota error');
  // the page cache was emptied, not left full
  expect((await cacheContents(page))['anstoss-pages'] ?? []).not.toContain(`${site.url}/`);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
});
